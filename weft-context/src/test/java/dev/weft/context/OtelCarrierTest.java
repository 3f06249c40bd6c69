package dev.weft.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.ContextCarrier;
import dev.weft.WeftPool;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextKey;
import io.opentelemetry.context.Scope;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** OpenTelemetry's current Context follows work that leaves its thread ({@link Carriers#otel}). */
class OtelCarrierTest {
    static final ContextKey<String> KEY = ContextKey.named("weft-test-trace");

    /** The trace id as a value of a {@link ContextKey}. */
    static final Trace KEY_TRACE = new Trace() {
        @Override
        public <T> T within(String id, Supplier<T> body) {
            if (id == null) {
                return body.get();
            }
            try (Scope s = Context.current().with(KEY, id).makeCurrent()) {
                return body.get();
            }
        }

        @Override
        public String current() {
            return Context.current().get(KEY);
        }
    };

    /** The trace id as the trace of a span (a remote parent, as a server starts one from its headers). */
    static final Trace SPAN_TRACE = new Trace() {
        @Override
        public <T> T within(String id, Supplier<T> body) {
            if (id == null) {
                return body.get();
            }
            SpanContext sc = SpanContext.createFromRemoteParent(traceIdOf(id), "00f067aa0ba902b7",
                    TraceFlags.getSampled(), TraceState.getDefault());
            try (Scope s = Span.wrap(sc).makeCurrent()) {
                return body.get();
            }
        }

        @Override
        public String current() {
            SpanContext sc = Span.current().getSpanContext();
            if (!sc.isValid()) {
                return null;
            }
            return sc.getTraceId().equals(traceIdOf("request-a")) ? "request-a"
                    : sc.getTraceId().equals(traceIdOf("request-b")) ? "request-b" : "trace " + sc.getTraceId();
        }
    };

    static String traceIdOf(String id) {
        return String.format(Locale.ROOT, "%032x", id.hashCode() & 0xffffffffL | 1L << 40);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void aContextKeyIsSeenByEveryLeafOfItsRequestAndNoOther(int workers) throws Exception {
        Requests.check(workers, Carriers.otel(), KEY_TRACE);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void aSpanIsSeenByEveryLeafOfItsRequestAndNoOther(int workers) throws Exception {
        Requests.check(workers, Carriers.otel(), SPAN_TRACE);
    }

    /**
     * The brackets as a worker makes them (weft-core's Contexts): capture its own, restore the job's, and
     * after the run restore its own; nested inside, a helped job's bracket. Every restore leaves exactly
     * the context it was given current, every scope closes in order, also when the helped job brings the
     * very context object the worker had before (the identity test is on captures, not contexts).
     */
    @Test
    @SuppressWarnings("unchecked")
    void nestedBracketsCloseTheirScopesInOrder() {
        ContextCarrier<Object> otel = (ContextCarrier<Object>) Carriers.otel();
        Context root = Context.current();
        Object jobA = KEY_TRACE.within("a", otel::capture);
        Object jobRoot = otel.capture(); // a job from a thread without context: the same object as root
        Object jobB = KEY_TRACE.within("b", otel::capture);

        Object own0 = otel.capture();
        otel.restore(jobA);
        assertEquals("a", KEY_TRACE.current());
        Object own1 = otel.capture(); // helping: a job inside job A
        otel.restore(jobRoot);
        assertSame(root, Context.current());
        Object own2 = otel.capture(); // and inside that one, another
        otel.restore(jobB);
        assertEquals("b", KEY_TRACE.current());
        otel.restore(own2);
        assertSame(root, Context.current());
        otel.restore(own1);
        assertEquals("a", KEY_TRACE.current());
        otel.restore(own0);
        assertSame(root, Context.current());
        // Nothing is left open: a scope opened now is the current one and closes cleanly.
        try (Scope s = Context.current().with(KEY, "after").makeCurrent()) {
            assertEquals("after", KEY_TRACE.current());
        }
        assertSame(root, Context.current());
    }

    /**
     * A job that makes a context current and never closes its scope does not leave it on the worker: the
     * storage refuses to close the carrier's scope out of order, and the carrier puts the worker's own
     * context back anyway. The probe sees the worker's context before each later job.
     */
    @Test
    void aScopeLeftOpenByAJobDoesNotReachTheNextJob() throws Exception {
        Requests.Probe probe = new Requests.Probe(KEY_TRACE);
        WeftPool pool = WeftPool.builder().parallelism(1).name("context-leak").propagate(Carriers.otel(), probe).build();
        try {
            KEY_TRACE.within("request-a", () -> pool.invoke(() -> {
                Context.current().with(KEY, "leaked").makeCurrent(); // never closed
                return null;
            }));
            for (int i = 0; i < 3; i++) {
                Requests.Seen none = new Requests.Seen(null, KEY_TRACE);
                pool.invoke(() -> Requests.tree(none, 2));
                none.check();
            }
            probe.check();
            assertTrue(probe.topLevelRuns.sum() >= 4);
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(Requests.TIMEOUT_S, TimeUnit.SECONDS);
        }
        assertNull(KEY_TRACE.current());
    }
}
