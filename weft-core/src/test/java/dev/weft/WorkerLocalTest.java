package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link WorkerLocal}: one value per thread, made on that thread once, on workers and on other threads. */
class WorkerLocalTest {
    /** What a supplier made, and on which thread. */
    record Made(Thread thread, int serial) {
    }

    @Test
    void eachWorkerGetsItsOwnValueMadeOnceOnItsOwnThread() throws Exception {
        AtomicInteger made = new AtomicInteger();
        WorkerLocal<Made> local = WorkerLocal.withInitial(() -> new Made(Thread.currentThread(), made.incrementAndGet()));
        int workers = 4;
        Map<Thread, Made> seen = new ConcurrentHashMap<>();
        Set<String> wrong = ConcurrentHashMap.newKeySet();
        try (WeftPool pool = WeftPool.builder().parallelism(workers).build()) {
            CountDownLatch all = new CountDownLatch(workers);
            // Every worker holds one task until all have one, so each of them reads the value.
            pool.invoke(() -> {
                List<Task<Void>> ts = new ArrayList<>();
                for (int i = 0; i < workers; i++) {
                    ts.add(Task.of(() -> {
                        all.countDown();
                        try {
                            Weft.blocking(() -> all.await(10, TimeUnit.SECONDS));
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                        for (int k = 0; k < 1000; k++) {
                            Made m = local.get();
                            if (m.thread() != Thread.currentThread()) {
                                wrong.add("value made on " + m.thread() + " read on " + Thread.currentThread());
                            }
                            Made before = seen.putIfAbsent(Thread.currentThread(), m);
                            if (before != null && before != m) {
                                wrong.add(Thread.currentThread() + " got two values");
                            }
                        }
                        return null;
                    }));
                }
                Task.invokeAll(ts);
                return null;
            });
        }
        assertTrue(wrong.isEmpty(), wrong.toString());
        assertTrue(seen.size() >= 2, "only " + seen.size() + " thread read the value");
        for (Map.Entry<Thread, Made> e : seen.entrySet()) {
            assertSame(e.getKey(), e.getValue().thread());
        }
        assertEquals(seen.size(), made.get(), "the supplier ran once per thread that read the value");
    }

    @Test
    void onAThreadOutsideAnyPoolItIsAThreadLocal() throws Exception {
        WorkerLocal<Made> local = WorkerLocal.withInitial(() -> new Made(Thread.currentThread(), 0));
        Made mine = local.get();
        assertSame(Thread.currentThread(), mine.thread());
        assertSame(mine, local.get());
        Made[] other = new Made[1];
        Thread t = new Thread(() -> other[0] = local.get());
        t.start();
        t.join();
        assertSame(t, other[0].thread());
        assertNotSame(mine, other[0]);
    }

    @Test
    void manyInstancesKeepTheirValuesApartOnOneWorker() {
        List<WorkerLocal<Integer>> locals = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            int v = i;
            locals.add(WorkerLocal.withInitial(() -> v));
        }
        try (WeftPool pool = WeftPool.builder().parallelism(1).build()) {
            int sum = pool.invoke(() -> {
                int s = 0;
                for (int round = 0; round < 3; round++) {
                    for (int i = locals.size() - 1; i >= 0; i--) { // the table grows from the far end first
                        s += locals.get(i).get() == i ? 1 : 0;
                    }
                }
                return s;
            });
            assertEquals(300, sum);
        }
    }

    @Test
    void aNullSupplierOrInitialValueIsRefused() {
        assertThrows(NullPointerException.class, () -> WorkerLocal.withInitial(null));
        WorkerLocal<Object> local = WorkerLocal.withInitial(() -> null);
        try (WeftPool pool = WeftPool.builder().parallelism(1).build()) {
            TaskFailedException e = assertThrows(TaskFailedException.class, () -> pool.invoke(() -> local.get()));
            assertTrue(e.getCause() instanceof NullPointerException, String.valueOf(e.getCause()));
        }
    }
}
