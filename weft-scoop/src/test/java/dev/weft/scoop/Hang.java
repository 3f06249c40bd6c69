package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

/** Runs a scenario on its own thread and fails with a thread dump if it does not finish in time. */
final class Hang {
    private Hang() {
    }

    interface Scenario {
        void run() throws Exception;
    }

    static void within(Duration limit, Scenario s) {
        AtomicReference<Throwable> error = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                s.run();
            } catch (Throwable e) {
                error.set(e);
            }
        }, "scenario");
        t.setDaemon(true);
        t.start();
        try {
            t.join(limit.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted");
        }
        if (t.isAlive()) {
            StringBuilder dump = new StringBuilder();
            for (ThreadInfo ti : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
                dump.append('"').append(ti.getThreadName()).append("\" ").append(ti.getThreadState());
                if (ti.getLockName() != null) {
                    dump.append(" on ").append(ti.getLockName());
                }
                if (ti.getLockOwnerName() != null) {
                    dump.append(" owned by \"").append(ti.getLockOwnerName()).append('"');
                }
                dump.append('\n');
                for (StackTraceElement e : ti.getStackTrace()) {
                    dump.append("\tat ").append(e).append('\n');
                }
            }
            fail("scenario did not finish within " + limit + " (a hang or a deadlock); threads:\n" + dump);
        }
        Throwable e = error.get();
        if (e instanceof Error err) {
            throw err;
        }
        if (e instanceof RuntimeException re) {
            throw re;
        }
        if (e != null) {
            throw new AssertionError(e);
        }
    }
}
