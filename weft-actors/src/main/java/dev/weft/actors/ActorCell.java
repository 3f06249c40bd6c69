package dev.weft.actors;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * An actor: its reference, its context, its mailbox and the state machine that schedules it. The protocol
 * is described in this module's PROTOCOL.md; the names in comments here ("State", "Inline slot", "Going
 * idle", "Chain", "Mode", "Stopping in two phases", "Death watch", "Timers") refer to its sections.
 *
 * <h2>State (one int, {@link #state})</h2>
 * {@link #SCHEDULED}: an activation is pending or running; whoever sets this bit from clear owns the
 * consumer side (the inline slot, {@link #poll}, the behaviour and every field marked consumer-owned) until
 * the activation clears it again. {@link #STOPPED}: the actor handles no more user messages; they go to the
 * dead letters. {@link #TERMINATED}: the stop procedure has finished. Senders that win the CAS from 0 to
 * SCHEDULED put their message in the inline slot (no queue node) and start an activation.
 *
 * <p>The cell is the actor's {@link ActorRef} and {@link ActorContext}; the runnables the pool runs are
 * small inner objects ({@link #forkRun}, {@link #inboxRun}, {@link #outsideRun}), so that code holding a
 * reference or context cannot run an activation itself.
 */
final class ActorCell<M> extends Mailbox implements ActorRef<M>, ActorContext<M> {
    /** An activation is pending or running: its owner is the only consumer. */
    static final int SCHEDULED = 1;
    /** Stopped: later user messages are dead letters. */
    static final int STOPPED = 2;
    /** The stop procedure finished: children stopped, watchers notified. Set with STOPPED. */
    static final int TERMINATED = 4;

    /** Scheduling mode: an idle actor runs as a fork on the sender's worker (see PROTOCOL.md, "Mode"). */
    static final byte FORK = 0;
    /** Scheduling mode: every message is queued and activations go through the pool's inbox. */
    static final byte SHARED = 1;

    /** Lifecycle, consumer-owned: handling messages; waiting for children to stop; done. */
    private static final byte ALIVE = 0;
    private static final byte STOPPING = 1;
    private static final byte DONE = 2;

    /** Messages per adaptive sampling window. */
    static final int WINDOW = 256;

    /** {@link #watchers} once the actor terminated: a watch then notifies at once. */
    private static final ActorCell<?>[] DEAD = new ActorCell<?>[0];

    private static final VarHandle STATE;
    private static final VarHandle CHILDREN;
    private static final VarHandle WATCHERS;
    private static final VarHandle QUEUED;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATE = l.findVarHandle(ActorCell.class, "state", int.class);
            CHILDREN = l.findVarHandle(ActorCell.class, "children", Set.class);
            WATCHERS = l.findVarHandle(ActorCell.class, "watchers", ActorCell[].class);
            QUEUED = l.findVarHandle(ActorCell.class, "queued", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile int state;
    /**
     * Scheduling mode, {@link #FORK} or {@link #SHARED}. Written by the consumer, read racily by senders: a
     * stale value only picks the other (equally correct) way to activate the actor.
     */
    byte mode;
    /** Consumer-owned: see {@link #ALIVE}. */
    private byte lifecycle;
    /** Consumer-owned: a backoff restart is waiting; user messages are kept in the stash meanwhile. */
    private boolean suspended;
    /**
     * The inline slot: the message of the sender that took the actor from idle (state 0) to SCHEDULED on the
     * fast path. Plain: written by that sender after its CAS and before it hands the activation to the pool,
     * read and cleared by that activation (PROTOCOL.md, "Inline slot").
     */
    private Object inline;

    final ActorSystem system;
    final Dispatcher dispatcher;
    final ActorCell<?> parent;
    private final String path;
    private final Supplier<? extends Behavior<M>> factory;
    final Props props;
    /** {@link Props#withMailbox}'s capacity; 0 for an unbounded mailbox (no counting at all). */
    private final int capacity;
    /** Consumer-owned. Null once terminated. */
    private Behavior<M> behavior;
    /** Live children, created on the first spawn; the parent adds, a {@link SystemMessage.ChildStopped} removes. */
    private volatile Set<ActorCell<?>> children;
    /**
     * Who watches this actor: a copy-on-write array CASed by watchers ({@link #addWatcher}), swapped for
     * {@link #DEAD} once by {@link #finish} (PROTOCOL.md, "Death watch").
     */
    private volatile ActorCell<?>[] watchers;
    /** Bounded mailboxes only: user messages queued and not yet taken. */
    private volatile int queued;
    /** Consumer-owned, made on first use: what few actors need (stash, timers, watches, restart history). */
    private Extras extras;
    /** Adaptive sampling, consumer-owned: messages handled and idle transitions in this window. */
    private int windowMessages;
    private int windowIdles;

    /** The consumer-owned parts of an actor that most actors never use. */
    private static final class Extras {
        /** Kept by {@link #stash}; handed back by {@link #unstashAll}. */
        ArrayDeque<Object> stash;
        /** Handed back and not handled yet: taken before the mailbox. */
        ArrayDeque<Object> unstashed;
        /** Actors this one watches, each with the message to get (or {@link #SIGNAL}). */
        HashMap<ActorCell<?>, Object> watching;
        ActorTimers<?> timers;
        Restarts restarts;
        ActorLogger log;
    }

    /** In {@link Extras#watching}: deliver {@link Signal.Terminated}, not a message. */
    private static final Object SIGNAL = new Object();

    /**
     * Runs an activation handed to the pool by {@link Dispatcher#fork} (weft-core counts its start in the
     * worker's chain; the activation charges its further messages, {@link Dispatcher#charge}).
     */
    final Runnable forkRun = new Runnable() {
        @Override
        public void run() {
            process(false);
        }

        @Override
        public String toString() {
            return "activation of " + path;
        }
    };

    /** Runs an activation that came through the pool's inbox. */
    final Runnable inboxRun = new Runnable() {
        @Override
        public void run() {
            process(false);
        }

        @Override
        public String toString() {
            return "activation of " + path + " (inbox)";
        }
    };

    /**
     * Runs an activation that a thread outside the pool started through the inbox: it may be flooding the
     * actor, so the activation spins briefly for more before going idle (PROTOCOL.md, "Idle spin").
     */
    final Runnable outsideRun = new Runnable() {
        @Override
        public void run() {
            process(true);
        }

        @Override
        public String toString() {
            return "activation of " + path + " (from outside)";
        }
    };

    ActorCell(ActorSystem system, ActorCell<?> parent, String name, Supplier<? extends Behavior<M>> factory,
            Props props) {
        this.system = system;
        this.dispatcher = system.dispatcher;
        this.parent = parent;
        this.path = (parent == null ? "/" : parent.path + "/") + name;
        this.factory = factory;
        this.props = props;
        this.capacity = props.mailboxCapacity;
        this.mode = dispatcher.initialMode;
        this.behavior = newBehavior(factory);
        // A volatile write last: whoever later CASes the state (to activate the actor) reads this write or a
        // later one, so the first activation sees the fields above even if the reference travelled racily.
        STATE.setVolatile(this, 0);
    }

    /** After the cell is published: a setup behaviour runs at once, without waiting for a first message. */
    void start() {
        if (behavior instanceof Directives.Deferred) {
            send(SystemMessage.START);
        }
    }

    private static <M> Behavior<M> newBehavior(Supplier<? extends Behavior<M>> factory) {
        Behavior<M> b = factory.get();
        if (b == null) {
            throw new NullPointerException("the behaviour factory returned null");
        }
        if (b instanceof Directives) {
            throw new IllegalArgumentException("the behaviour factory returned " + b + ", a marker, not a behaviour");
        }
        return b;
    }

    // ---------------------------------------------------------------------------------------------
    // Sending (any thread)

    @Override
    public void tell(M message) {
        Objects.requireNonNull(message, "message");
        send(message);
    }

    /** Sends a user message or a system message. */
    void send(Object message) {
        int s = state;
        if (s == 0 && mode == FORK && !hasMessages()) {
            // Fast path (PROTOCOL.md, "Inline slot"): idle, and none of this sender's earlier messages is
            // still queued, so handling this one first keeps the sender's order. The CAS makes us the owner.
            if (dispatcher.claim(this, 0)) {
                inline = message;
                dispatcher.fork(this);
                return;
            }
            s = state;
        }
        if ((s & STOPPED) != 0 && ((s & TERMINATED) != 0 || !(message instanceof SystemMessage.ChildStopped))) {
            // A stopping actor still hears of its children's stops: it finishes when the last one comes.
            undeliverable(message);
            return;
        }
        if (capacity != 0 && !(message instanceof SystemMessage) && !admit(message)) {
            return;
        }
        enqueue(message);
        // Going idle, the consumer clears SCHEDULED and then reads tail; we exchanged tail and now read the
        // state. Both are sequentially consistent, so at least one of us sees the other (PROTOCOL.md,
        // "Going idle"): no message is left behind without an activation.
        s = state;
        if ((s & SCHEDULED) == 0) {
            scheduleFrom(s);
        }
    }

    /**
     * A bounded mailbox takes a user message: true if it may be queued (PROTOCOL.md, "Bounded mailboxes").
     * The count is a getAndAdd, so concurrent senders never admit more than the capacity between them.
     */
    private boolean admit(Object message) {
        int q = (int) QUEUED.getAndAdd(this, 1);
        if (q < capacity || props.overflow == Overflow.DROP_OLDEST) {
            return true; // DROP_OLDEST: the consumer drops the oldest when it takes one (take())
        }
        QUEUED.getAndAdd(this, -1);
        if (props.overflow == Overflow.FAIL) {
            throw new MailboxOverflowException("the mailbox of " + path + " is full (" + capacity + " messages)");
        }
        system.deadLetter(this, message);
        return false;
    }

    /**
     * Sets SCHEDULED if the state is still {@code s} (which has it clear): the idle→scheduled transition. A CAS,
     * so that of the senders (and the activation going idle) that saw the same idle state exactly one becomes
     * the owner. Reached through {@link Dispatcher#claim}.
     */
    boolean casScheduled(int s) {
        return STATE.compareAndSet(this, s, s | SCHEDULED);
    }

    /** Takes the activation (sets SCHEDULED) unless somebody else does first, and starts it. */
    private void scheduleFrom(int s) {
        for (;;) {
            if ((s & SCHEDULED) != 0) {
                return;
            }
            if (dispatcher.claim(this, s)) {
                if (mode == FORK && (s & STOPPED) == 0) {
                    dispatcher.fork(this);
                } else {
                    dispatcher.submit(this);
                }
                return;
            }
            s = state;
        }
    }

    /** A message this actor will never handle: a dead letter, a failure report passed upward, or nothing. */
    private void undeliverable(Object message) {
        if (message instanceof SystemMessage sm) {
            switch (sm) {
                case SystemMessage.Escalation e -> escalate(e.origin, e.failure); // its own parent decides
                case SystemMessage.Adapted a -> system.deadLetter(this, a.original());
                default -> {
                    // a watch notice, a timer, a child's stop, a start: they concern a live actor only
                }
            }
        } else {
            system.deadLetter(this, message);
        }
    }

    @Override
    public <R> CompletableFuture<R> ask(Function<ActorRef<R>, ? extends M> request, Duration timeout) {
        return AskRef.ask(system, this, request, timeout);
    }

    @Override
    public String path() {
        return path;
    }

    /** Asks this actor to stop: it finishes its current message, then dead-letters the rest. Any thread. */
    void requestStop() {
        int s = (int) STATE.getAndBitwiseOr(this, STOPPED);
        if ((s & (STOPPED | SCHEDULED)) == 0) {
            scheduleFrom(s | STOPPED); // idle: an activation must run the stop procedure
        }
    }

    boolean isStopped() {
        return (state & STOPPED) != 0;
    }

    boolean isTerminated() {
        return (state & TERMINATED) != 0;
    }

    // ---------------------------------------------------------------------------------------------
    // The activation (the owner of SCHEDULED)

    /**
     * Handles messages, the inline one first, up to the throughput; then goes idle, or yields through the
     * pool's inbox if messages remain (PROTOCOL.md, "Batches"). The messages it handled count in the
     * worker's chain ({@link Dispatcher#charge}, PROTOCOL.md, "Chain"), charged before a continuation is
     * spawned.
     */
    void process(boolean fromOutside) {
        int budget = dispatcher.throughput;
        int spins = fromOutside ? Dispatcher.IDLE_SPINS : 0;
        int done = 0;
        int sampled = 0; // messages of this activation already counted by sample()
        Object m = inline;
        if (m != null) {
            inline = null;
            deliver(m);
            done = 1;
        }
        for (;;) {
            while (done < budget) {
                m = take();
                if (m == null) {
                    if (spins > 0 && awaitMessage(spins)) {
                        continue;
                    }
                    break;
                }
                if (m == LINK_PENDING) {
                    sample(done - sampled, false);
                    dispatcher.charge(done);
                    dispatcher.submit(this); // keep SCHEDULED; look again once the producer has linked
                    return;
                }
                deliver(m);
                done++;
            }
            if ((state & STOPPED) != 0 && lifecycle == ALIVE) {
                beginStop();
            }
            if (done >= budget && (hasMessages() || hasUnstashed())) {
                sample(done - sampled, false);
                dispatcher.charge(done);
                dispatcher.yieldTo(this); // a backlog: end the batch (PROTOCOL.md, "Batches")
                return;
            }
            sample(done - sampled, true);
            sampled = done;
            // Going idle (PROTOCOL.md): clear SCHEDULED, then look at tail (Dekker with send()). A stop
            // request that came after our last look at STOPPED saw SCHEDULED set and left the stop to us:
            // the two read-modify-writes are ordered, so if it came before this one we see its bit here.
            // (Nothing is unstashed here: the loop above only ends early with the stash's queue empty.)
            int s = (int) STATE.getAndBitwiseAnd(this, ~SCHEDULED) & ~SCHEDULED;
            boolean stopPending = (s & STOPPED) != 0 && lifecycle == ALIVE;
            if (!stopPending && !hasMessages()) {
                dispatcher.charge(done);
                return;
            }
            for (;;) {
                if ((s & SCHEDULED) != 0) {
                    dispatcher.charge(done);
                    return; // a sender took it: its activation will handle the message
                }
                if (dispatcher.claim(this, s)) {
                    break; // ours again: go on in this activation, within the same budget
                }
                s = state;
            }
            if (done >= budget) {
                dispatcher.charge(done);
                dispatcher.yieldTo(this);
                return;
            }
        }
    }

    /**
     * The next message: one handed back by {@link #unstashAll} first, else the mailbox's oldest. A bounded
     * mailbox counts the user message out, and under {@link Overflow#DROP_OLDEST} drops the oldest while
     * more than the capacity are queued.
     */
    private Object take() {
        Extras x = extras;
        if (x != null && x.unstashed != null && !x.unstashed.isEmpty()) {
            return x.unstashed.poll();
        }
        for (;;) {
            Object m = poll();
            if (capacity == 0 || m == null || m == LINK_PENDING || m instanceof SystemMessage) {
                return m;
            }
            int left = (int) QUEUED.getAndAdd(this, -1) - 1;
            if (left < capacity || props.overflow != Overflow.DROP_OLDEST || (state & STOPPED) != 0) {
                return m;
            }
            system.deadLetter(this, m); // more than the capacity wait: this one is the oldest of them
        }
    }

    private boolean hasUnstashed() {
        Extras x = extras;
        return x != null && x.unstashed != null && !x.unstashed.isEmpty();
    }

    /**
     * Spins briefly for a message before the activation goes idle (PROTOCOL.md, "Idle spin"): true if one
     * came. Going idle and being activated again through the inbox costs far more than this.
     */
    private boolean awaitMessage(int spins) {
        for (int i = 0; i < spins; i++) {
            Thread.onSpinWait();
            if (hasMessages()) {
                return true;
            }
        }
        return false;
    }

    /** Handles one message taken from the inline slot, the stash's queue or the mailbox. */
    private void deliver(Object m) {
        if ((state & STOPPED) != 0) {
            if (lifecycle == ALIVE) {
                beginStop();
            }
            if (m instanceof SystemMessage.ChildStopped c) {
                childStopped(c.child);
            } else {
                undeliverable(m);
            }
            return;
        }
        if (m instanceof SystemMessage sm) {
            deliverSystem(sm);
            return;
        }
        if (suspended) {
            keep(m);
            return;
        }
        receive(m);
    }

    /** Hands a user message to the behaviour and takes the behaviour it returns. */
    @SuppressWarnings("unchecked")
    private void receive(Object m) {
        Behavior<M> b = behavior;
        if (b instanceof Directives.Deferred) {
            if (!setUp()) {
                return;
            }
            b = behavior;
        }
        Behavior<M> next;
        try {
            next = b.receive(this, (M) m);
        } catch (Throwable t) {
            failed(t);
            return;
        }
        become(b, next);
    }

    /** Hands a signal to the behaviour ({@link Signal.Terminated}; the lifecycle ones go elsewhere). */
    private void signal(Signal signal) {
        Behavior<M> b = behavior;
        if (b instanceof Directives.Deferred) {
            if (!setUp()) {
                return;
            }
            b = behavior;
        }
        Behavior<M> next;
        try {
            next = b.onSignal(this, signal);
        } catch (Throwable t) {
            failed(t);
            return;
        }
        become(b, next);
    }

    /** Takes what a handler returned (PROTOCOL.md, "Behaviours and signals"). */
    private void become(Behavior<M> b, Behavior<M> next) {
        if (next != b && next != Directives.SAME) {
            if (next == Directives.STOPPED) {
                stopSelf();
            } else if (next == null) {
                system.countFailure();
                fail(this, new NullPointerException("the behaviour of " + path
                        + " returned null; return Behavior.same() to keep it"));
            } else if (lifecycle == ALIVE) {
                behavior = next;
                if (next instanceof Directives.Deferred) {
                    setUp();
                }
            }
        }
    }

    /**
     * Runs the setup of a {@link Behavior#setup} behaviour (nested ones too): false if it failed or stopped
     * the actor, so that the message that triggered it is not handled.
     */
    @SuppressWarnings("unchecked")
    private boolean setUp() {
        while (behavior instanceof Directives.Deferred<?> d) {
            Behavior<M> made;
            try {
                made = ((Directives.Deferred<M>) d).setUp(this);
                if (made == null || made == Directives.SAME) {
                    throw new IllegalStateException("the setup of " + path + " returned " + made
                            + "; it must return a behaviour (or Behavior.stopped())");
                }
            } catch (Throwable t) {
                failed(t);
                return false;
            }
            if (made == Directives.STOPPED) {
                stopSelf();
                return false;
            }
            if (lifecycle != ALIVE) {
                return false;
            }
            behavior = made;
        }
        return true;
    }

    /** A system message to a live actor. */
    @SuppressWarnings("unchecked")
    private void deliverSystem(SystemMessage sm) {
        switch (sm) {
            case SystemMessage.ChildStopped c -> childStopped(c.child);
            case SystemMessage.BackoffEnded b -> endBackoff(b.generation);
            default -> {
                if (suspended) {
                    keep(sm); // for the fresh behaviour, in order with the user messages around it
                    return;
                }
                switch (sm) {
                    case SystemMessage.Start s -> {
                        if (behavior instanceof Directives.Deferred) {
                            setUp();
                        }
                    }
                    case SystemMessage.Escalation e -> fail(e.origin, e.failure);
                    case SystemMessage.DeathNotice d -> watchedStopped(d.who);
                    case SystemMessage.TimerFired f -> {
                        Extras x = extras;
                        Object msg = x == null || x.timers == null ? null : x.timers.fired(f.timer);
                        if (msg != null) {
                            receive(msg);
                        }
                    }
                    case SystemMessage.Adapted a -> {
                        Object msg;
                        try {
                            msg = Objects.requireNonNull(a.mapper.apply(a.value, a.failure),
                                    "a message adapter (or pipeToSelf mapper) returned null");
                        } catch (Throwable t) {
                            failed(t);
                            return;
                        }
                        receive(msg);
                    }
                    default -> throw new AssertionError(sm);
                }
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Failure and supervision (on the actor's own activation)

    /** The behaviour (or a setup, or an adapter) threw {@code t}. */
    private void failed(Throwable t) {
        system.countFailure();
        if (ActorSystem.isFatal(t)) {
            stopSelf();
            system.fatal(this, t); // PROTOCOL.md, "Fatal errors": the system shuts down
            return;
        }
        fail(this, t);
    }

    /**
     * Applies this actor's policy to {@code failure}, which {@code origin}'s handler threw ({@code origin} is
     * this actor, or a descendant whose failure escalated here).
     */
    private void fail(ActorCell<?> origin, Throwable failure) {
        Supervision s = props.supervision;
        if (s.kind == Supervision.Kind.DECIDE) {
            try {
                s = s.decider.apply(failure);
                if (s == null || s.kind == Supervision.Kind.DECIDE) {
                    throw new IllegalStateException("a supervision decider returned " + s
                            + " (it must return RESUME, RESTART, STOP, ESCALATE or a limited or backoff restart)");
                }
            } catch (Throwable t) {
                t.addSuppressed(failure);
                stopAndEscalate(origin, t);
                return;
            }
        }
        switch (s.kind) {
            case RESUME -> {
            }
            case RESTART -> {
                if (!restarts().allow(s, System.nanoTime())) {
                    if (s.escalateOnLimit) {
                        stopAndEscalate(origin, failure);
                    } else {
                        stopSelf();
                    }
                } else if (s.minBackoffNanos > 0) {
                    backoff(s);
                } else {
                    restart(failure);
                }
            }
            case STOP -> stopSelf();
            case ESCALATE, DECIDE -> {
                stopAndEscalate(origin, failure);
            }
        }
    }

    private Restarts restarts() {
        Extras x = extras();
        if (x.restarts == null) {
            x.restarts = new Restarts();
        }
        return x.restarts;
    }

    /** What a restart drops: the old behaviour (told first), its children, its timers. */
    private void dropState() {
        Behavior<M> old = behavior;
        if (old != null && !(old instanceof Directives.Deferred) && !suspended) {
            try {
                old.onSignal(this, Signal.PreRestart.INSTANCE);
            } catch (Throwable t) {
                system.reportFailure(this, t);
            }
        }
        stopChildren();
        cancelTimers();
    }

    private void restart(Throwable failure) {
        dropState();
        Behavior<M> fresh;
        try {
            fresh = newBehavior(factory);
        } catch (Throwable t) {
            system.countFailure();
            t.addSuppressed(failure);
            stopAndEscalate(this, t);
            return;
        }
        behavior = fresh;
        unstashAll(); // stashed messages are kept for the fresh behaviour
        startFresh(fresh);
    }

    /**
     * A fresh behaviour that is a setup runs on a later message (the start signal, or whatever comes first),
     * not here: a setup that fails would otherwise restart the actor inside its own restart, without end.
     */
    private void startFresh(Behavior<M> fresh) {
        if (fresh instanceof Directives.Deferred) {
            send(SystemMessage.START);
        }
    }

    /**
     * A backoff restart: the old state goes now, the fresh behaviour comes after the delay. Meanwhile the
     * actor handles nothing; {@link #keep} holds what arrives.
     */
    private void backoff(Supervision s) {
        dropState();
        suspended = true;
        Restarts r = restarts();
        int generation = ++r.generation;
        long delay = r.nextBackoff(s, System.nanoTime());
        TimerWheel.Entry wake = new TimerWheel.Entry() {
            @Override
            long expire(long now) {
                send(new SystemMessage.BackoffEnded(generation));
                return -1;
            }
        };
        try {
            system.wheel.schedule(wake, delay);
        } catch (RejectedExecutionException closed) {
            stopSelf(); // the system is closing: there is nothing to restart for
        }
    }

    private void endBackoff(int generation) {
        if (!suspended || extras == null || extras.restarts.generation != generation) {
            return;
        }
        suspended = false;
        Behavior<M> fresh;
        try {
            fresh = newBehavior(factory);
        } catch (Throwable t) {
            system.countFailure();
            stopAndEscalate(this, t);
            return;
        }
        extras.restarts.started(System.nanoTime());
        behavior = fresh;
        unstashAll();
        startFresh(fresh);
    }

    /** During a backoff wait: holds a message for the fresh behaviour, or dead-letters it past the stash's capacity. */
    private void keep(Object m) {
        ArrayDeque<Object> st = stashQueue();
        if (st.size() >= props.stashCapacity) {
            undeliverable(m);
        } else {
            st.add(m);
        }
    }

    /**
     * Stops this actor for a failure it does not absorb, reported first: a top-level actor's failure reaches
     * the failure listener before the actor leaves the live count (so {@code liveActors() == 0} means every
     * such failure has been heard), and a child's parent gets the {@code Escalation} before its
     * {@code ChildStopped}.
     */
    private void stopAndEscalate(ActorCell<?> origin, Throwable failure) {
        escalate(origin, failure);
        stopSelf();
    }

    /** Reports a failure this actor did not absorb to its parent, or at the top to the system. */
    private void escalate(ActorCell<?> origin, Throwable failure) {
        if (parent != null) {
            parent.send(new SystemMessage.Escalation(this, origin, failure));
        } else {
            system.reportFailure(origin, failure);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Stopping in two phases (PROTOCOL.md)

    private void stopSelf() {
        STATE.getAndBitwiseOr(this, STOPPED);
        if (lifecycle == ALIVE) {
            beginStop();
        }
    }

    /**
     * The first phase, once, on the actor's activation: its timers are cancelled and its children asked to
     * stop; it finishes when the last child has (or now, if it has none).
     */
    private void beginStop() {
        lifecycle = STOPPING;
        cancelTimers();
        Set<ActorCell<?>> cs = children;
        if (cs != null && !cs.isEmpty()) {
            for (ActorCell<?> c : cs) {
                c.requestStop();
            }
            return; // each child's ChildStopped comes back here; the last one finishes
        }
        finish();
    }

    private void childStopped(ActorCell<?> child) {
        Set<ActorCell<?>> cs = children;
        if (cs != null) {
            cs.remove(child);
        }
        if (lifecycle == STOPPING && (cs == null || cs.isEmpty())) {
            finish();
        }
    }

    /**
     * The second phase: PostStop, stashed messages to the dead letters, watches dropped, watchers and the
     * parent told, the actor leaves the system's count of live actors.
     */
    private void finish() {
        lifecycle = DONE;
        STATE.getAndBitwiseOr(this, TERMINATED);
        Behavior<M> b = behavior;
        behavior = null;
        if (b != null && !(b instanceof Directives.Deferred) && !suspended) {
            try {
                b.onSignal(this, Signal.PostStop.INSTANCE);
            } catch (Throwable t) {
                system.reportFailure(this, t);
            }
        }
        Extras x = extras;
        if (x != null) {
            drainToDeadLetters(x.unstashed);
            drainToDeadLetters(x.stash);
            if (x.watching != null) {
                for (ActorCell<?> w : x.watching.keySet()) {
                    w.removeWatcher(this);
                }
                x.watching = null;
            }
        }
        ActorCell<?>[] ws = (ActorCell<?>[]) WATCHERS.getAndSet(this, DEAD);
        if (ws != null) {
            for (ActorCell<?> w : ws) {
                w.send(new SystemMessage.DeathNotice(this));
            }
        }
        system.receptionist.terminated(this);
        if (parent != null) {
            parent.send(new SystemMessage.ChildStopped(this));
        }
        system.terminated(this);
    }

    private void drainToDeadLetters(ArrayDeque<Object> q) {
        if (q != null) {
            for (Object m; (m = q.poll()) != null;) {
                undeliverable(m);
            }
        }
    }

    private void stopChildren() {
        Set<ActorCell<?>> cs = children;
        if (cs != null) {
            for (ActorCell<?> c : cs) {
                c.requestStop(); // each is removed when its ChildStopped arrives
            }
        }
    }

    private void cancelTimers() {
        Extras x = extras;
        if (x != null && x.timers != null) {
            x.timers.cancelAll();
        }
    }

    Set<ActorCell<?>> children() {
        Set<ActorCell<?>> cs = children;
        if (cs == null) {
            cs = ConcurrentHashMap.newKeySet();
            if (!CHILDREN.compareAndSet(this, null, cs)) {
                cs = children;
            }
        }
        return cs;
    }

    /**
     * The pool refused the activation this thread owns (it is shut down): nobody else can run the actor,
     * so it stops here and its messages become dead letters, handled on this thread as its last activation.
     * A child's stop notice that arrives later (its own activation ran elsewhere) is refused the same way
     * and brings the parent back here.
     */
    void onRejected() {
        STATE.getAndBitwiseOr(this, STOPPED);
        for (;;) {
            if (lifecycle == ALIVE) {
                beginStop();
            }
            Object m = inline;
            if (m != null) {
                inline = null;
                deliver(m);
            }
            while ((m = take()) != null) {
                if (m != LINK_PENDING) {
                    deliver(m);
                }
            }
            int s = (int) STATE.getAndBitwiseAnd(this, ~SCHEDULED) & ~SCHEDULED;
            if (!hasMessages() || !dispatcher.claim(this, s)) {
                return;
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Death watch (PROTOCOL.md)

    @Override
    public void watch(ActorRef<?> actor) {
        watch(actor, SIGNAL);
    }

    @Override
    public void watchWith(ActorRef<?> actor, M message) {
        watch(actor, Objects.requireNonNull(message, "message"));
    }

    private void watch(ActorRef<?> actor, Object message) {
        ActorCell<?> target = cellOf(actor, "watch");
        if (target == this) {
            return; // an actor does not outlive itself to hear of its own stop
        }
        HashMap<ActorCell<?>, Object> w = watching();
        if (w.put(target, message) == null) {
            target.addWatcher(this);
        }
    }

    @Override
    public void unwatch(ActorRef<?> actor) {
        ActorCell<?> target = cellOf(actor, "unwatch");
        Extras x = extras;
        if (x != null && x.watching != null && x.watching.remove(target) != null) {
            target.removeWatcher(this); // a notice already on its way finds no watch and is dropped
        }
    }

    private static ActorCell<?> cellOf(ActorRef<?> actor, String what) {
        Objects.requireNonNull(actor, "actor");
        if (actor instanceof ActorCell<?> c) {
            return c;
        }
        throw new IllegalArgumentException("cannot " + what + " " + actor.path()
                + ": only actors spawned by an ActorSystem can be watched");
    }

    private HashMap<ActorCell<?>, Object> watching() {
        Extras x = extras();
        if (x.watching == null) {
            x.watching = new HashMap<>();
        }
        return x.watching;
    }

    /**
     * Registers {@code w} as a watcher; if this actor already terminated, notifies it now. Either the
     * registration lands in the array that {@link #finish} swaps out (and finish notifies it), or it sees
     * {@link #DEAD}: exactly one notice per registration.
     */
    void addWatcher(ActorCell<?> w) {
        for (;;) {
            ActorCell<?>[] cur = watchers;
            if (cur == DEAD) {
                w.send(new SystemMessage.DeathNotice(this));
                return;
            }
            ActorCell<?>[] next;
            if (cur == null) {
                next = new ActorCell<?>[] {w};
            } else {
                for (ActorCell<?> c : cur) {
                    if (c == w) {
                        return;
                    }
                }
                next = Arrays.copyOf(cur, cur.length + 1);
                next[cur.length] = w;
            }
            if (WATCHERS.compareAndSet(this, cur, next)) {
                return;
            }
        }
    }

    void removeWatcher(ActorCell<?> w) {
        for (;;) {
            ActorCell<?>[] cur = watchers;
            if (cur == null || cur == DEAD) {
                return;
            }
            int i = 0;
            while (i < cur.length && cur[i] != w) {
                i++;
            }
            if (i == cur.length) {
                return;
            }
            ActorCell<?>[] next;
            if (cur.length == 1) {
                next = null;
            } else {
                next = new ActorCell<?>[cur.length - 1];
                System.arraycopy(cur, 0, next, 0, i);
                System.arraycopy(cur, i + 1, next, i, cur.length - i - 1);
            }
            if (WATCHERS.compareAndSet(this, cur, next)) {
                return;
            }
        }
    }

    /** A watched actor's notice: delivered once if the watch still stands, dropped after an unwatch. */
    @SuppressWarnings("unchecked")
    private void watchedStopped(ActorCell<?> who) {
        Extras x = extras;
        Object message = x == null || x.watching == null ? null : x.watching.remove(who);
        if (message == null) {
            return;
        }
        if (message == SIGNAL) {
            signal(new Signal.Terminated(who));
        } else {
            receive(message);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Adaptive mode (PROTOCOL.md, "Mode")

    /**
     * Counts {@code handled} messages and, if the activation is going idle, one idle transition. Every
     * activation but a yielding one starts with a send that found the actor idle, so idles / messages is
     * the fraction of sends that found the mailbox idle: mostly idle favours forking on send, mostly busy
     * favours the inbox, where the actor can run beside its senders instead of behind them.
     */
    private void sample(int handled, boolean idle) {
        if (!dispatcher.adaptive) {
            return;
        }
        int msgs = windowMessages + handled;
        int idles = windowIdles + (idle ? 1 : 0);
        if (msgs < WINDOW) {
            windowMessages = msgs;
            windowIdles = idles;
            return;
        }
        if (mode == FORK) {
            if (idles * Dispatcher.TO_SHARED_BELOW < msgs) {
                mode = SHARED;
            }
        } else if (idles * Dispatcher.TO_FORK_ABOVE > msgs) {
            mode = FORK;
        }
        windowMessages = 0;
        windowIdles = 0;
    }

    // ---------------------------------------------------------------------------------------------
    // ActorContext

    private Extras extras() {
        Extras x = extras;
        if (x == null) {
            x = new Extras();
            extras = x;
        }
        return x;
    }

    @Override
    public ActorRef<M> self() {
        return this;
    }

    @Override
    public ActorSystem system() {
        return system;
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
        ActorSystem.checkSpawn(name, factory, props);
        if (lifecycle != ALIVE || isStopped()) {
            throw new IllegalStateException("actor " + path + " is stopped; it cannot spawn " + name);
        }
        ActorCell<C> child = system.newActor(this, name, factory, props);
        children().add(child);
        child.start();
        return child;
    }

    @Override
    public void stop(ActorRef<?> actor) {
        Objects.requireNonNull(actor, "actor");
        if (actor == this) {
            STATE.getAndBitwiseOr(this, STOPPED); // the activation stops after the current message
            return;
        }
        if (actor instanceof ActorCell<?> c && c.parent == this) {
            c.requestStop();
            return;
        }
        throw new IllegalArgumentException(actor.path() + " is not " + path + " or one of its children");
    }

    @Override
    @SuppressWarnings("unchecked")
    public Timers<M> timers() {
        Extras x = extras();
        if (x.timers == null) {
            x.timers = new ActorTimers<>(this);
        }
        return (Timers<M>) x.timers;
    }

    private ArrayDeque<Object> stashQueue() {
        Extras x = extras();
        if (x.stash == null) {
            x.stash = new ArrayDeque<>();
        }
        return x.stash;
    }

    @Override
    public void stash(M message) {
        Objects.requireNonNull(message, "message");
        ArrayDeque<Object> st = stashQueue();
        if (st.size() >= props.stashCapacity) {
            throw new IllegalStateException("the stash of " + path + " is full (" + props.stashCapacity
                    + " messages; see Props.withStashCapacity)");
        }
        st.add(message);
    }

    @Override
    public void unstashAll() {
        Extras x = extras;
        if (x == null || x.stash == null || x.stash.isEmpty()) {
            return;
        }
        if (x.unstashed == null) {
            x.unstashed = new ArrayDeque<>();
        }
        for (Object m; (m = x.stash.pollLast()) != null;) {
            x.unstashed.addFirst(m);
        }
    }

    @Override
    public int stashSize() {
        Extras x = extras;
        return x == null || x.stash == null ? 0 : x.stash.size();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> void pipeToSelf(CompletionStage<T> stage,
            BiFunction<? super T, ? super Throwable, ? extends M> mapper) {
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(mapper, "mapper");
        BiFunction<Object, Throwable, Object> m = (BiFunction<Object, Throwable, Object>) (BiFunction<?, ?, ?>) mapper;
        stage.whenComplete((v, t) -> send(new SystemMessage.Adapted(v, unwrap(t), m)));
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }

    @Override
    public <T> ActorRef<T> messageAdapter(Function<? super T, ? extends M> adapter) {
        Objects.requireNonNull(adapter, "adapter");
        return new MessageAdapter<>(this, adapter);
    }

    @Override
    public System.Logger log() {
        Extras x = extras();
        if (x.log == null) {
            Behavior<M> b = behavior;
            Class<?> named = b instanceof Directives.Deferred<?> d ? d.origin()
                    : b != null ? b.getClass() : ActorCell.class;
            x.log = new ActorLogger(path, named);
        }
        return x.log;
    }

    @Override
    public String toString() {
        return "ActorRef[" + path + "]";
    }
}
