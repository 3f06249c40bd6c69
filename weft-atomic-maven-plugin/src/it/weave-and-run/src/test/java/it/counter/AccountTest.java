package it.counter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weft.atomic.runtime.AtomicObject;
import dev.weft.atomic.runtime.Woven;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The class in target/classes after the build: woven by the plugin, so its methods are units of work. */
class AccountTest {
    @Test
    void thePluginWoveTheClass() {
        assertTrue(new Account() instanceof AtomicObject, "Account was not woven: it is no AtomicObject");
        assertNotNull(Account.class.getAnnotation(Woven.class), "Account carries no @Woven");
    }

    @Test
    void aDepositWaitsForItsSetsLock() throws Exception {
        Account a = new Account();
        Object lock = ((AtomicObject) (Object) a).$weft$lock();
        Thread depositor = new Thread(() -> a.deposit(5), "depositor");
        synchronized (lock) {
            depositor.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (depositor.getState() != Thread.State.BLOCKED) {
                assertFalse(depositor.getState() == Thread.State.TERMINATED,
                        "deposit ran while another thread held the account's lock");
                if (System.nanoTime() > deadline) {
                    fail("the depositor neither blocked nor finished in 30 s: " + depositor.getState());
                }
                Thread.onSpinWait();
            }
            assertEquals(0, a.balance(), "the deposit must not have started");
        }
        depositor.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(depositor.isAlive(), "the deposit did not finish once the lock was free");
        assertEquals(5, a.balance());
        assertEquals(1, a.deposits());
    }

    @Test
    void concurrentDepositsLoseNothing() throws Exception {
        Account a = new Account();
        int threads = 8;
        int each = 50_000;
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> {
                for (int i = 0; i < each; i++) {
                    a.deposit(2);
                }
            });
            ts.add(th);
            th.start();
        }
        for (Thread th : ts) {
            th.join(TimeUnit.SECONDS.toMillis(60));
            assertFalse(th.isAlive(), "a depositor did not finish in 60 s");
        }
        assertEquals((long) threads * each, a.deposits());
        assertEquals(2L * threads * each, a.balance());
    }
}
