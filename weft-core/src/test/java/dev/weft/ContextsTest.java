package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * {@link Contexts} on its own: what a worker's context is after a carrier throws while a job's context is
 * installed (the worker's run of a job goes through {@link Contexts#enter} and {@link Contexts#restore}).
 */
class ContextsTest {
    /** A carrier over a thread-local that throws when asked to install {@code "poison"}. */
    static final class Local implements ContextCarrier<String> {
        final ThreadLocal<String> value = new ThreadLocal<>();

        @Override
        public String capture() {
            return value.get();
        }

        @Override
        public void restore(String state) {
            if ("poison".equals(state)) {
                throw new IllegalStateException("cannot install " + state);
            }
            value.set(state);
        }
    }

    @Test
    void aCarrierThatThrowsOnEnterLeavesTheThreadsOwnContextInPlace() {
        Local first = new Local();
        Local second = new Local();
        Local third = new Local();
        Contexts contexts = new Contexts(new ContextCarrier<?>[] {first, second, third});
        first.value.set("own-1");
        second.value.set("own-2");
        third.value.set("own-3");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> contexts.enter(new Object[] {"job-1", "poison", "job-3"}));
        assertEquals("cannot install poison", e.getMessage());
        assertEquals("own-1", first.value.get(), "the carrier installed before the failing one is put back");
        assertEquals("own-2", second.value.get());
        assertEquals("own-3", third.value.get(), "and the one after it too");
    }

    @Test
    void enterAndRestoreRoundTrip() {
        Local first = new Local();
        Local second = new Local();
        Contexts contexts = new Contexts(new ContextCarrier<?>[] {first, second});
        first.value.set("own-1");
        Object[] own = contexts.enter(new Object[] {"job-1", "job-2"});
        assertEquals("job-1", first.value.get());
        assertEquals("job-2", second.value.get());
        contexts.restore(own);
        assertEquals("own-1", first.value.get());
        assertSame(null, second.value.get());
    }

    @Test
    void aFailureWhilePuttingTheOwnContextBackIsSuppressedIntoTheFirst() {
        Local first = new Local();
        Local second = new Local();
        Contexts contexts = new Contexts(new ContextCarrier<?>[] {first, second});
        // The thread's own state for the first carrier is one it cannot install again.
        first.value.set("poison");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> contexts.enter(new Object[] {"job-1", "poison"}));
        assertEquals("cannot install poison", e.getMessage());
        assertEquals(1, e.getSuppressed().length, "the failed put-back is attached, not lost");
        assertEquals("job-1", first.value.get(), "it could not be put back");
        assertSame(null, second.value.get());
    }
}
