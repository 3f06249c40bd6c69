package dev.weft.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.WeftPool;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** ScopedValue bindings follow work that leaves its thread ({@link ScopedValueCarrier}, JDK 25). */
class ScopedValueCarrierTest {
    static final ScopedValue<String> TRACE_ID = ScopedValue.newInstance();
    static final ScopedValue<Integer> TENANT = ScopedValue.newInstance();

    static final Trace SCOPED_TRACE = new Trace() {
        @Override
        public <T> T within(String id, Supplier<T> body) {
            return id == null ? body.get() : ScopedValue.where(TRACE_ID, id).call(body::get);
        }

        @Override
        public String current() {
            return TRACE_ID.isBound() ? TRACE_ID.get() : null;
        }
    };

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void aBoundTraceIdIsSeenByEveryLeafOfItsRequestAndNoOther(int workers) throws Exception {
        Requests.check(workers, ScopedValueCarrier.of(TRACE_ID), SCOPED_TRACE);
    }

    /**
     * Every registered key that is bound moves with its value (null included); one that is not bound stays
     * unbound on the worker, which has no binding of its own at top level.
     */
    @Test
    void boundKeysMoveAndUnboundOnesStayUnbound() throws Exception {
        ScopedValue<String> unused = ScopedValue.newInstance();
        WeftPool pool = WeftPool.builder().parallelism(2).name("scoped")
                .propagate(ScopedValueCarrier.of(TRACE_ID, TENANT, unused)).build();
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        try {
            ScopedValue.where(TRACE_ID, (String) null).where(TENANT, 7).run(() -> pool.invoke(() -> {
                // The job itself left its thread (a submission): it runs on a worker inside the bindings.
                if (!TRACE_ID.isBound() || TRACE_ID.get() != null) {
                    wrong.add("trace id: " + (TRACE_ID.isBound() ? TRACE_ID.get() : "unbound"));
                }
                if (!TENANT.isBound() || TENANT.get() != 7) {
                    wrong.add("tenant: " + (TENANT.isBound() ? TENANT.get() : "unbound"));
                }
                if (unused.isBound()) {
                    wrong.add("a key bound on no thread is bound");
                }
                return null;
            }));
            assertTrue(wrong.isEmpty(), String.valueOf(wrong));
            assertFalse(pool.invoke(() -> TENANT.isBound()), "a binding outlived its job");
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(Requests.TIMEOUT_S, TimeUnit.SECONDS);
        }
        assertNull(ScopedValueCarrier.of(TRACE_ID).capture(), "nothing bound: nothing captured");
        assertEquals("x", ScopedValue.where(TRACE_ID, "x").call(() -> ScopedValueCarrier.of(TRACE_ID).capture()[0]));
    }
}
