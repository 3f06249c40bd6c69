package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A test helper: what a recording actor received, in order, with bounded waits. (The testkit's TestProbe does
 * this for users; this module's tests cannot depend on the testkit, which depends on this module.)
 */
final class Inbox {
    final LinkedBlockingQueue<Object> received = new LinkedBlockingQueue<>();

    /** Something the test's actors report: adds it. */
    void add(Object o) {
        received.add(o);
    }

    /** The next item, waiting up to the test wait; fails if none comes. */
    Object next(String what) throws InterruptedException {
        Object o = received.poll(Systems.WAIT_SECONDS, TimeUnit.SECONDS);
        if (o == null) {
            throw new AssertionError("timed out waiting for " + what);
        }
        return o;
    }

    void expect(Object expected) throws InterruptedException {
        assertEquals(expected, next(String.valueOf(expected)));
    }

    /** Nothing more is there now (call after a marker has come through, so that earlier items would be here). */
    void expectEmpty() {
        assertNull(received.poll(), "nothing more expected");
    }
}
