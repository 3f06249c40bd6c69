package dev.weft.actors;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Test helpers: systems of a given size and scheduling that record failures, and bounded waits. */
final class Systems {
    /** Generous: these waits are for behaviour (it happens at all), never for timing. */
    static final long WAIT_SECONDS = 60;

    static final List<Scheduling> ALL = List.of(Scheduling.ADAPTIVE, Scheduling.FORK_ON_SEND, Scheduling.MAILBOX);

    private Systems() {
    }

    /** A system whose unhandled failures are collected in {@link Recorded#failures} instead of logged. */
    static Recorded recorded(int parallelism, Scheduling scheduling) {
        return recorded(parallelism, scheduling, 64);
    }

    static Recorded recorded(int parallelism, Scheduling scheduling, int throughput) {
        Recorded r = new Recorded();
        r.system = ActorSystem.builder().parallelism(parallelism).scheduling(scheduling).throughput(throughput)
                .onFailure((a, t) -> r.failures.add(new Failure(a, t)))
                .onDeadLetter((a, m) -> r.deadLetters.add(m))
                .closeTimeout(Duration.ofSeconds(WAIT_SECONDS))
                .build();
        return r;
    }

    record Failure(ActorRef<?> actor, Throwable failure) {
    }

    static final class Recorded implements AutoCloseable {
        ActorSystem system;
        final ConcurrentLinkedQueue<Failure> failures = new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<Object> deadLetters = new ConcurrentLinkedQueue<>();

        @Override
        public void close() {
            system.close();
        }
    }

    static void await(CountDownLatch latch, String what) throws InterruptedException {
        if (!latch.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("timed out waiting for " + what + " (" + latch.getCount() + " left)");
        }
    }
}
