package dev.weft.actors.testkit;

import dev.weft.actors.ActorContext;
import dev.weft.actors.ActorRef;
import dev.weft.actors.ActorSystem;
import dev.weft.actors.Behavior;
import dev.weft.actors.Props;
import dev.weft.actors.Signal;
import dev.weft.actors.Supervision;
import dev.weft.actors.Timers;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs a behaviour on the calling thread, one message at a time, without an actor system or a pool, and
 * records what it did through its context ({@link Effect}s): children spawned (they do not run; what is sent
 * to them lands in {@link #childInbox}), stops, watches, timers (they never fire: {@link #activeTimers()}
 * lists them; send their messages yourself with {@link #run}). What it sends itself lands in {@link
 * #selfInbox()}. A failure in the behaviour is thrown by {@link #run}: supervision is the system's, not the
 * kit's.
 *
 * <pre>{@code
 * BehaviorTestKit<Cmd> kit = BehaviorTestKit.create(Behavior.setup(ctx -> {
 *     ctx.spawn("worker", Worker::new);
 *     return new Boss();
 * }));
 * kit.expectEffectClass(Effect.Spawned.class);
 * kit.run(new Job(1));
 * kit.childInbox("worker").expectMessage(new Job(1));
 * }</pre>
 *
 * <p>Differences from a real actor: a {@code pipeToSelf} mapper runs when the stage completes, on the thread
 * that completes it, and its message lands in the self inbox; {@code system()} throws, there being none.
 *
 * @param <M> the behaviour's message type
 */
public final class BehaviorTestKit<M> {
    private final String path;
    private final TestInbox<M> self;
    private final Context context = new Context();
    private final ArrayDeque<Effect> effects = new ArrayDeque<>();
    private final Map<String, TestInbox<?>> children = new LinkedHashMap<>();
    private final Map<Object, Effect.TimerScheduled> timers = new LinkedHashMap<>();
    private final ArrayDeque<M> stash = new ArrayDeque<>();
    private final ArrayDeque<M> unstashed = new ArrayDeque<>();
    private Behavior<M> current;
    private boolean alive = true;
    private boolean stopRequested;

    private BehaviorTestKit(Behavior<M> initial, String name) throws Exception {
        this.path = "/" + name;
        this.self = new TestInbox<>(path);
        this.current = Behavior.start(Objects.requireNonNull(initial, "initial"), context);
        if (current == Behavior.<M>stopped()) {
            alive = false;
        }
    }

    /** A kit running {@code initial} as the actor {@code /testkit}; a setup runs now. */
    public static <M> BehaviorTestKit<M> create(Behavior<M> initial) throws Exception {
        return create(initial, "testkit");
    }

    /** A kit running {@code initial} as the actor {@code /name}; a setup runs now. */
    public static <M> BehaviorTestKit<M> create(Behavior<M> initial, String name) throws Exception {
        return new BehaviorTestKit<>(initial, Objects.requireNonNull(name, "name"));
    }

    /**
     * Handles {@code message}, then any messages it unstashed, as the actor would before its next message.
     *
     * @throws IllegalStateException if the behaviour has stopped
     * @throws Exception             what the behaviour threw
     */
    public void run(M message) throws Exception {
        Objects.requireNonNull(message, "message");
        requireAlive();
        handle(current.receive(context, message));
        M next;
        while (alive && (next = unstashed.poll()) != null) {
            handle(current.receive(context, next));
        }
    }

    /** Hands {@code signal} to the behaviour's {@link Behavior#onSignal}. */
    public void signal(Signal signal) throws Exception {
        Objects.requireNonNull(signal, "signal");
        requireAlive();
        handle(current.onSignal(context, signal));
    }

    private void requireAlive() {
        if (!alive) {
            throw new IllegalStateException("the behaviour under test has stopped");
        }
    }

    private void handle(Behavior<M> next) throws Exception {
        if (next == null) {
            throw new NullPointerException("the behaviour returned null; return Behavior.same() to keep it");
        }
        if (next == Behavior.<M>stopped() || stopRequested) {
            alive = false;
            current.onSignal(context, Signal.PostStop.INSTANCE);
            return;
        }
        if (next != Behavior.<M>same()) {
            Behavior<M> started = Behavior.start(next, context);
            if (started == Behavior.<M>stopped()) {
                alive = false;
                current.onSignal(context, Signal.PostStop.INSTANCE);
                return;
            }
            current = started;
        }
    }

    /** Whether the behaviour is still running (it has not returned {@link Behavior#stopped()}). */
    public boolean isAlive() {
        return alive;
    }

    /** The behaviour that will handle the next message. */
    public Behavior<M> currentBehavior() {
        return current;
    }

    /** What the behaviour sent itself (and what its message adapters and pipes produced). */
    public TestInbox<M> selfInbox() {
        return self;
    }

    /**
     * What was sent to the child spawned as {@code name}.
     *
     * @throws IllegalArgumentException if no child of that name was spawned
     */
    @SuppressWarnings("unchecked")
    public <C> TestInbox<C> childInbox(String name) {
        TestInbox<?> in = children.get(name);
        if (in == null) {
            throw new IllegalArgumentException("no child named " + name + " was spawned; children: "
                    + children.keySet());
        }
        return (TestInbox<C>) in;
    }

    /** The timers running now, by key. */
    public Set<Object> activeTimers() {
        return Set.copyOf(timers.keySet());
    }

    /** Whether effects were recorded and not retrieved yet. */
    public boolean hasEffects() {
        return !effects.isEmpty();
    }

    /** Takes every recorded effect, oldest first. */
    public List<Effect> retrieveAllEffects() {
        List<Effect> out = new ArrayList<>(effects);
        effects.clear();
        return out;
    }

    /** Takes the oldest recorded effect; fails if there is none. */
    public Effect retrieveEffect() {
        Effect e = effects.poll();
        if (e == null) {
            throw new AssertionError("no effect was recorded");
        }
        return e;
    }

    /** Takes the oldest effect and checks that it equals {@code expected}. */
    public void expectEffect(Effect expected) {
        Effect e = retrieveEffect();
        if (!expected.equals(e)) {
            throw new AssertionError("expected the effect " + expected + " but got " + e);
        }
    }

    /** Takes the oldest effect and checks that it is a {@code type}; returns it. */
    public <E extends Effect> E expectEffectClass(Class<E> type) {
        Effect e = retrieveEffect();
        if (!type.isInstance(e)) {
            throw new AssertionError("expected a " + type.getSimpleName() + " effect but got " + e);
        }
        return type.cast(e);
    }

    /** The behaviour's context: records effects instead of acting. */
    private final class Context implements ActorContext<M> {
        private final Timers<M> timerScheduler = new Timers<>() {
            @Override
            public void startSingleTimer(Object key, M message, Duration delay) {
                start(key, message, delay, Effect.TimerMode.SINGLE);
            }

            @Override
            public void startTimerWithFixedDelay(Object key, M message, Duration delay) {
                start(key, message, delay, Effect.TimerMode.FIXED_DELAY);
            }

            @Override
            public void startTimerAtFixedRate(Object key, M message, Duration interval) {
                start(key, message, interval, Effect.TimerMode.FIXED_RATE);
            }

            private void start(Object key, M message, Duration delay, Effect.TimerMode mode) {
                Objects.requireNonNull(key, "key");
                Objects.requireNonNull(message, "message");
                Objects.requireNonNull(delay, "delay");
                Effect.TimerScheduled t = new Effect.TimerScheduled(key, message, delay, mode);
                timers.put(key, t);
                effects.add(t);
            }

            @Override
            public boolean isTimerActive(Object key) {
                return timers.containsKey(key);
            }

            @Override
            public void cancel(Object key) {
                if (timers.remove(key) != null) {
                    effects.add(new Effect.TimerCancelled(key));
                }
            }

            @Override
            public void cancelAll() {
                for (Object k : List.copyOf(timers.keySet())) {
                    cancel(k);
                }
            }
        };

        @Override
        public ActorRef<M> self() {
            return self.ref();
        }

        @Override
        public ActorSystem system() {
            throw new UnsupportedOperationException("a BehaviorTestKit runs without an actor system");
        }

        @Override
        public <C> ActorRef<C> spawn(String name, Supplier<? extends Behavior<C>> factory) {
            return spawn(name, factory, Props.create());
        }

        @Override
        public <C> ActorRef<C> spawn(String name, Supplier<? extends Behavior<C>> factory, Supervision supervision) {
            return spawn(name, factory, Props.create().withSupervision(supervision));
        }

        @Override
        public <C> ActorRef<C> spawn(String name, Supplier<? extends Behavior<C>> factory, Props props) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(factory, "factory");
            Objects.requireNonNull(props, "props");
            TestInbox<C> in = new TestInbox<>(path + "/" + name);
            children.put(name, in);
            effects.add(new Effect.Spawned(name, props, in.ref()));
            return in.ref();
        }

        @Override
        public void stop(ActorRef<?> actor) {
            Objects.requireNonNull(actor, "actor");
            if (actor.equals(self.ref())) {
                stopRequested = true;
                return;
            }
            for (Map.Entry<String, TestInbox<?>> c : children.entrySet()) {
                if (c.getValue().ref().equals(actor)) {
                    effects.add(new Effect.Stopped(c.getKey()));
                    return;
                }
            }
            throw new IllegalArgumentException(actor.path() + " is not " + path + " or one of its children");
        }

        @Override
        public void watch(ActorRef<?> actor) {
            effects.add(new Effect.Watched(Objects.requireNonNull(actor, "actor"), null));
        }

        @Override
        public void watchWith(ActorRef<?> actor, M message) {
            effects.add(new Effect.Watched(Objects.requireNonNull(actor, "actor"),
                    Objects.requireNonNull(message, "message")));
        }

        @Override
        public void unwatch(ActorRef<?> actor) {
            effects.add(new Effect.Unwatched(Objects.requireNonNull(actor, "actor")));
        }

        @Override
        public Timers<M> timers() {
            return timerScheduler;
        }

        @Override
        public void stash(M message) {
            Objects.requireNonNull(message, "message");
            if (stash.size() >= Props.DEFAULT_STASH_CAPACITY) {
                throw new IllegalStateException("the stash of " + path + " is full");
            }
            stash.add(message);
        }

        @Override
        public void unstashAll() {
            for (M m; (m = stash.pollLast()) != null;) {
                unstashed.addFirst(m);
            }
        }

        @Override
        public int stashSize() {
            return stash.size();
        }

        @Override
        public <T> void pipeToSelf(CompletionStage<T> stage,
                BiFunction<? super T, ? super Throwable, ? extends M> mapper) {
            Objects.requireNonNull(mapper, "mapper");
            stage.whenComplete((v, t) -> self.ref().tell(mapper.apply(v,
                    t instanceof CompletionException && t.getCause() != null ? t.getCause() : t)));
        }

        @Override
        public <T> ActorRef<T> messageAdapter(Function<? super T, ? extends M> adapter) {
            Objects.requireNonNull(adapter, "adapter");
            return new ActorRef<>() {
                @Override
                public void tell(T message) {
                    self.ref().tell(adapter.apply(message));
                }

                @Override
                public <R> CompletableFuture<R> ask(Function<ActorRef<R>, ? extends T> request, Duration timeout) {
                    throw new UnsupportedOperationException("a BehaviorTestKit's adapter does not answer asks");
                }

                @Override
                public String path() {
                    return path + "/$adapter";
                }
            };
        }

        @Override
        public System.Logger log() {
            return System.getLogger("dev.weft.actors.testkit");
        }
    }
}
