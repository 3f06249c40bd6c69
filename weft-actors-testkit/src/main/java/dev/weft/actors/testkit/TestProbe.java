package dev.weft.actors.testkit;

import dev.weft.actors.ActorContext;
import dev.weft.actors.ActorRef;
import dev.weft.actors.ActorSystem;
import dev.weft.actors.Behavior;
import dev.weft.actors.Signal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An actor for tests to talk to: pass {@link #ref()} where an actor expects a reply address, then check what
 * arrived, waiting at most a timeout ({@value #DEFAULT_TIMEOUT_SECONDS} s unless given). A failed
 * expectation throws {@link AssertionError}, so it fails a test under any framework.
 *
 * <pre>{@code
 * TestProbe<Integer> probe = TestProbe.create(system);
 * counter.tell(new Get(probe.ref()));
 * probe.expectMessage(0);
 * probe.expectNoMessage(Duration.ofMillis(100));
 * system.stop(counter);
 * probe.expectTerminated(counter);
 * }</pre>
 *
 * @param <M> the type of message the probe receives
 */
public final class TestProbe<M> {
    /** The default wait of every {@code expect...} and {@code receive...} without a duration. */
    public static final long DEFAULT_TIMEOUT_SECONDS = 3;

    private static final Duration DEFAULT = Duration.ofSeconds(DEFAULT_TIMEOUT_SECONDS);
    /** How long {@link #expectNoMessage()} waits. */
    private static final Duration NO_MESSAGE = Duration.ofMillis(100);
    private static final AtomicInteger COUNTER = new AtomicInteger();

    /** What the probe's actor does besides recording: watch an actor for {@link #expectTerminated}. */
    private record WatchCommand(ActorRef<?> ref, CountDownLatch done) {
    }

    private final ActorSystem system;
    private final ActorRef<Object> actor;
    private final LinkedBlockingQueue<Object> messages = new LinkedBlockingQueue<>();
    private final LinkedBlockingQueue<ActorRef<?>> terminated = new LinkedBlockingQueue<>();

    private TestProbe(ActorSystem system, String name) {
        this.system = system;
        this.actor = system.spawn(name, () -> new Behavior<>() {
            @Override
            public Behavior<Object> receive(ActorContext<Object> ctx, Object m) {
                if (m instanceof WatchCommand w) {
                    ctx.watch(w.ref());
                    w.done().countDown();
                } else {
                    messages.add(m);
                }
                return this;
            }

            @Override
            public Behavior<Object> onSignal(ActorContext<Object> ctx, Signal s) {
                if (s instanceof Signal.Terminated t) {
                    terminated.add(t.ref());
                }
                return this;
            }
        });
    }

    /** A probe: a top-level actor of {@code system} named {@code $probe-N}. */
    public static <M> TestProbe<M> create(ActorSystem system) {
        return create(system, "$probe-" + COUNTER.incrementAndGet());
    }

    /** A probe named {@code name}. */
    public static <M> TestProbe<M> create(ActorSystem system, String name) {
        return new TestProbe<>(Objects.requireNonNull(system, "system"), name);
    }

    /** The probe's address: messages sent to it are what the {@code expect} methods see. */
    @SuppressWarnings("unchecked")
    public ActorRef<M> ref() {
        return (ActorRef<M>) (ActorRef<?>) actor;
    }

    /** The next message, waiting up to the default timeout. */
    public M receiveMessage() {
        return receiveMessage(DEFAULT);
    }

    /** The next message, waiting up to {@code max}. */
    @SuppressWarnings("unchecked")
    public M receiveMessage(Duration max) {
        Object m = poll(messages, max);
        if (m == null) {
            throw new AssertionError("no message within " + max + " at " + actor.path());
        }
        return (M) m;
    }

    /** The next {@code n} messages, in order, each within the default timeout. */
    public List<M> receiveMessages(int n) {
        List<M> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(receiveMessage());
        }
        return out;
    }

    /** Expects the next message to equal {@code expected}, within the default timeout; returns it. */
    public M expectMessage(M expected) {
        return expectMessage(DEFAULT, expected);
    }

    /** Expects the next message to equal {@code expected}, within {@code max}; returns it. */
    public M expectMessage(Duration max, M expected) {
        M m = receiveMessage(max);
        if (!Objects.equals(expected, m)) {
            throw new AssertionError("expected " + expected + " at " + actor.path() + " but got " + m);
        }
        return m;
    }

    /** Expects the next message to be of {@code type}, within the default timeout; returns it. */
    public <T extends M> T expectMessageClass(Class<T> type) {
        M m = receiveMessage();
        if (!type.isInstance(m)) {
            throw new AssertionError("expected a " + type.getName() + " at " + actor.path() + " but got " + m);
        }
        return type.cast(m);
    }

    /** Expects no message for 100 ms. */
    public void expectNoMessage() {
        expectNoMessage(NO_MESSAGE);
    }

    /** Expects no message for {@code duration} (the test waits that long). */
    public void expectNoMessage(Duration duration) {
        Object m = poll(messages, duration);
        if (m != null) {
            throw new AssertionError("expected no message at " + actor.path() + " for " + duration + " but got " + m);
        }
    }

    /** Expects {@code ref} to stop (or to have stopped) within the default timeout. */
    public void expectTerminated(ActorRef<?> ref) {
        expectTerminated(ref, DEFAULT);
    }

    /**
     * Expects {@code ref} to stop (or to have stopped) within {@code max}: the probe watches it, then waits
     * for its {@link Signal.Terminated}.
     */
    public void expectTerminated(ActorRef<?> ref, Duration max) {
        Objects.requireNonNull(ref, "ref");
        long deadline = System.nanoTime() + max.toNanos();
        CountDownLatch watching = new CountDownLatch(1);
        actor.tell(new WatchCommand(ref, watching));
        await(watching, max);
        for (;;) {
            long left = deadline - System.nanoTime();
            ActorRef<?> t = poll(terminated, Duration.ofNanos(Math.max(left, 0)));
            if (t == null) {
                throw new AssertionError(ref.path() + " did not stop within " + max);
            }
            if (t.equals(ref)) {
                return;
            }
            // another watched actor's stop: it was expected by an earlier call that timed out; skip it
        }
    }

    /** Stops the probe's actor. */
    public void stop() {
        system.stop(actor);
    }

    private static <T> T poll(LinkedBlockingQueue<T> q, Duration max) {
        try {
            return q.poll(Math.max(max.toNanos(), 0), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting", e);
        }
    }

    private void await(CountDownLatch latch, Duration max) {
        try {
            if (!latch.await(max.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new AssertionError("the probe " + actor.path() + " did not start watching within " + max);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting", e);
        }
    }

    @Override
    public String toString() {
        return "TestProbe[" + actor.path() + "]";
    }
}
