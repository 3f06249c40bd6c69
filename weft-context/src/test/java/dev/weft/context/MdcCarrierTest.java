package dev.weft.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.ContextCarrier;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/** SLF4J's MDC follows work that leaves its thread ({@link Carriers#mdc}), with logback's real MDC. */
class MdcCarrierTest {
    static final String KEY = "traceId";

    static final Trace MDC_TRACE = new Trace() {
        @Override
        public <T> T within(String id, Supplier<T> body) {
            if (id == null) {
                return body.get();
            }
            MDC.put(KEY, id);
            try {
                return body.get();
            } finally {
                MDC.remove(KEY);
            }
        }

        @Override
        public String current() {
            return MDC.get(KEY);
        }
    };

    /**
     * SLF4J binds its backend on first use; MDC calls made on other threads meanwhile go to a temporary
     * adapter that is then dropped. An application has logged before it forks; so does this test.
     */
    @BeforeAll
    static void bindLogback() {
        LoggerFactory.getLogger(MdcCarrierTest.class).debug("binding SLF4J");
        assertTrue(MDC.getMDCAdapter().getClass().getName().startsWith("ch.qos.logback."),
                "not logback's MDC: " + MDC.getMDCAdapter().getClass().getName());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void aTraceIdInTheMdcIsSeenByEveryLeafOfItsRequestAndNoOther(int workers) throws Exception {
        Requests.check(workers, Carriers.mdc(), MDC_TRACE);
    }

    /** The whole map moves, not one key; "nothing set" is restored as an empty MDC on the other thread. */
    @Test
    @SuppressWarnings("unchecked")
    void theWholeMapIsCapturedAndNoneClearsIt() throws Exception {
        ContextCarrier<Map<String, String>> mdc = (ContextCarrier<Map<String, String>>) Carriers.mdc();
        assertNull(mdc.capture(), "an empty MDC is captured as nothing");
        MDC.put("a", "1");
        MDC.put("b", "2");
        Map<String, String> state;
        try {
            state = mdc.capture();
        } finally {
            MDC.clear();
        }
        MDC.put("a", "changed"); // the capture is a copy: later changes here do not reach it
        MDC.clear();
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            Map<String, String> there = CompletableFuture.supplyAsync(() -> {
                MDC.put("stale", "x");
                mdc.restore(state);
                Map<String, String> m = MDC.getCopyOfContextMap();
                mdc.restore(null);
                assertTrue(MDC.getCopyOfContextMap() == null || MDC.getCopyOfContextMap().isEmpty(),
                        "restore(null) leaves nothing");
                return m;
            }, other).get(Requests.TIMEOUT_S, TimeUnit.SECONDS);
            assertEquals(Map.of("a", "1", "b", "2"), there);
        } finally {
            other.shutdownNow();
        }
    }
}
