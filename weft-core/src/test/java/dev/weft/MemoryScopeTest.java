package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Memory use of finish scopes, and which scope an async belongs to. */
class MemoryScopeTest {
    /**
     * Asyncs started in one finish. Override with {@code -Dweft.test.asyncCount=N}. With 100 million,
     * today's code runs out of memory in -Xmx256m at 2 (and 4) workers after about 2-3 s (published slots
     * stay in the pending stack until the finish drains, so PendingStack.grow doubles without bound),
     * while at 1 worker it completes in about 1 s.
     */
    private static final long ASYNC_COUNT = Long.getLong("weft.test.asyncCount", 100_000_000L);
    private static final long CHILD_TIMEOUT_SECONDS = 45;

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void hundredMillionAsyncsInOneFinishFitIn256MiB(int parallelism) throws Exception {
        Path out = Files.createTempFile("weft-memory-scope", ".log");
        try {
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.add("-Xmx256m");
            cmd.add("-cp");
            cmd.add(testClassPath());
            cmd.add(MemoryScopeMain.class.getName());
            cmd.add(String.valueOf(parallelism));
            cmd.add(String.valueOf(ASYNC_COUNT));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            boolean exited = p.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (!exited) {
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
            String log = Files.readString(out, StandardCharsets.UTF_8);
            assertTrue(exited, "child JVM did not finish " + ASYNC_COUNT + " asyncs within " + CHILD_TIMEOUT_SECONDS
                    + " s; output:\n" + log);
            assertEquals(0, p.exitValue(), ASYNC_COUNT + " asyncs in one finish at parallelism " + parallelism
                    + " in -Xmx256m; child output:\n" + log);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** The test class path; surefire may run tests from a manifest-only jar, which a child JVM reads too. */
    private static String testClassPath() {
        String cp = System.getProperty("surefire.test.class.path");
        if (cp == null || cp.isEmpty()) {
            cp = System.getProperty("java.class.path");
        }
        StringBuilder sb = new StringBuilder(cp);
        // make sure the compiled main and test classes are there, whatever the launcher did
        for (String dir : new String[] {"target/test-classes", "target/classes"}) {
            File f = new File(dir);
            if (f.isDirectory()) {
                sb.append(File.pathSeparator).append(f.getAbsolutePath());
            }
        }
        return sb.toString();
    }

    /** A marker failure. */
    static final class Stray extends RuntimeException {
        Stray() {
            super("stray async ran", null, false, false);
        }
    }

    /**
     * Task t is forked outside any finish (by a task that came through the inbox). The other worker steals
     * t while it waits inside an unrelated finish (helping with a join), so t runs on a thread whose
     * innermost scope is that finish. Weft.async in t must still throw IllegalStateException (t is not
     * inside any finish), every time, and the unrelated finish must not be affected. Today the async joins
     * the thief's finish instead: no exception in t, and the unrelated finish fails with the async's
     * failure.
     */
    @Test
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void asyncInATaskForkedOutsideAnyFinishThrowsEvenWhenAThiefInAFinishRunsIt() throws Exception {
        TestPools.withPool(2, pool -> {
            // The case the test is named for needs the other worker to steal t; the schedule decides, so
            // the test runs at least 20 rounds and goes on (up to 200) until t was stolen at least once.
            int stolenRounds = 0;
            int round = 0;
            for (; round < 20 || (stolenRounds == 0 && round < 200); round++) {
                AtomicBoolean inFinish = new AtomicBoolean();
                AtomicReference<Throwable> asyncOutcome = new AtomicReference<>();
                AtomicInteger strayRuns = new AtomicInteger();
                AtomicReference<Thread> tThread = new AtomicReference<>();
                Task<Void> t = Task.of(() -> {
                    tThread.set(Thread.currentThread());
                    try {
                        Weft.async(() -> {
                            strayRuns.incrementAndGet();
                            throw new Stray();
                        });
                        asyncOutcome.set(new AssertionError("Weft.async outside any finish did not throw"));
                    } catch (Throwable e) {
                        asyncOutcome.set(e);
                    }
                    return null;
                });
                AtomicReference<Thread> xThread = new AtomicReference<>();
                Task<Integer> x = Task.of(() -> {
                    xThread.set(Thread.currentThread());
                    while (!inFinish.get()) {
                        Thread.onSpinWait(); // until the other worker waits for x inside its finish
                    }
                    t.fork(); // outside any finish
                    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                    while (!t.isDone() && System.nanoTime() < until) {
                        Weft.joinInt(i -> i, 1, 1, Integer::sum); // polls: serves the joiner's request for help
                    }
                    t.join();
                    return 1;
                });
                Task<Throwable> unrelated = Task.of(() -> {
                    try {
                        Weft.finish(() -> {
                            inFinish.set(true);
                            x.join(); // x runs on the other worker: this worker helps, and may steal t
                        });
                        return null;
                    } catch (Throwable e) {
                        return e;
                    }
                });
                pool.submit(x);
                pool.submit(unrelated); // the other worker: x keeps the first one busy until this runs
                Throwable finishFailure = unrelated.get(10, TimeUnit.SECONDS);
                assertEquals(1, x.get(10, TimeUnit.SECONDS));
                int r = round;
                Throwable outcome = asyncOutcome.get();
                boolean wasStolen = tThread.get() != xThread.get();
                assertTrue(outcome instanceof IllegalStateException,
                        () -> "round " + r + " (t " + (wasStolen ? "ran on the thief inside the unrelated finish" : "ran on its forker")
                                + "): Weft.async outside any finish gave " + outcome);
                assertEquals(0, strayRuns.get(), "round " + round + ": the stray async ran");
                assertNull(finishFailure, "round " + round + ": the unrelated finish failed");
                if (wasStolen) {
                    stolenRounds++;
                }
            }
            assertTrue(stolenRounds > 0, "t was never stolen in " + round + " rounds: the case was not reached");
        });
    }
}
