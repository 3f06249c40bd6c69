package dev.weft.scoop;

import dev.weft.WeftPool;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/** The three runtime configurations of the ablation; most guarantee tests run under each. */
enum Modes {
    QOQ(true, true),
    LOCK_BASED(false, true),
    NO_COALESCING(true, false);

    final boolean queueOfQueues;
    final boolean coalescing;

    Modes(boolean queueOfQueues, boolean coalescing) {
        this.queueOfQueues = queueOfQueues;
        this.coalescing = coalescing;
    }

    /** A runtime of this mode on {@code pool} whose undelivered failures go to {@code failures}. */
    Scoop on(WeftPool pool, ConcurrentLinkedQueue<Throwable> failures) {
        return Scoop.builder(pool).queueOfQueues(queueOfQueues).syncCoalescing(coalescing)
                .failureHandler(failures::add).build();
    }

    /** A test body that may throw. */
    interface Body {
        void run(Scoop scoop) throws Exception;
    }

    /** Runs {@code test} with a fresh pool of {@code parallelism} workers and a runtime of this mode. */
    void with(int parallelism, Body test) {
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        try (WeftPool pool = WeftPool.builder().parallelism(parallelism).name("scoop-test").build()) {
            test.run(on(pool, failures));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        if (!failures.isEmpty()) {
            AssertionError e = new AssertionError("unexpected undelivered failures: " + List.copyOf(failures));
            failures.forEach(e::addSuppressed);
            throw e;
        }
    }
}
