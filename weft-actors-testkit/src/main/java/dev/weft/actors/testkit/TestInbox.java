package dev.weft.actors.testkit;

import dev.weft.actors.ActorRef;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;

/**
 * A reference that only records what is sent to it, for {@link BehaviorTestKit}: the behaviour's own
 * reference ({@link BehaviorTestKit#selfInbox()}), its children's, or any reply address a test passes in.
 * Nothing runs; reading never waits.
 *
 * <pre>{@code
 * TestInbox<Integer> replies = TestInbox.create("replies");
 * kit.run(new Get(replies.ref()));
 * replies.expectMessage(0);
 * }</pre>
 *
 * @param <M> the type of message it records
 */
public final class TestInbox<M> {
    private final String path;
    private final ConcurrentLinkedQueue<M> messages = new ConcurrentLinkedQueue<>();
    private final ActorRef<M> ref = new ActorRef<>() {
        @Override
        public void tell(M message) {
            messages.add(Objects.requireNonNull(message, "message"));
        }

        @Override
        public <R> CompletableFuture<R> ask(Function<ActorRef<R>, ? extends M> request, Duration timeout) {
            throw new UnsupportedOperationException("a TestInbox does not answer asks; a TestProbe in a system can");
        }

        @Override
        public String path() {
            return path;
        }

        @Override
        public String toString() {
            return "TestInbox[" + path + "]";
        }
    };

    TestInbox(String path) {
        this.path = path;
    }

    /** An inbox whose reference has the path {@code /name}. */
    public static <M> TestInbox<M> create(String name) {
        return new TestInbox<>("/" + Objects.requireNonNull(name, "name"));
    }

    /** The reference that records into this inbox. */
    public ActorRef<M> ref() {
        return ref;
    }

    /** Whether a message is waiting. */
    public boolean hasMessages() {
        return !messages.isEmpty();
    }

    /** Takes the oldest message; fails if there is none. */
    public M receiveMessage() {
        M m = messages.poll();
        if (m == null) {
            throw new AssertionError("no message at " + path);
        }
        return m;
    }

    /** Takes the oldest message and checks it equals {@code expected}. */
    public M expectMessage(M expected) {
        M m = receiveMessage();
        if (!Objects.equals(expected, m)) {
            throw new AssertionError("expected " + expected + " at " + path + " but got " + m);
        }
        return m;
    }

    /** Takes every message, oldest first. */
    public List<M> receiveAll() {
        List<M> out = new ArrayList<>();
        for (M m; (m = messages.poll()) != null;) {
            out.add(m);
        }
        return out;
    }

    @Override
    public String toString() {
        return "TestInbox[" + path + ", " + messages.size() + " messages]";
    }
}
