package dev.weft;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Base of the API tests that run each case on a pool of parallelism 1 (everything nested on one
 * worker: no deadlock allowed) and on a pool of 4 (on two cores: real steals and preemption).
 */
abstract class SharedPools {
    static WeftPool p1;
    static WeftPool p4;

    @BeforeAll
    static void pools() {
        p1 = new WeftPool(1);
        p4 = new WeftPool(4);
    }

    @AfterAll
    static void close() {
        p1.close();
        p4.close();
    }

    /** The shared pool of the given parallelism: 1 or 4. */
    static WeftPool pool(int parallelism) {
        return parallelism == 1 ? p1 : p4;
    }
}
