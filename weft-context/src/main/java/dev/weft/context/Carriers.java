package dev.weft.context;

import dev.weft.ContextCarrier;

/**
 * The carriers of this module, for {@code WeftPool.builder().propagate(...)}: each makes one kind of
 * context follow work to the worker that runs it. Each needs only its own library on the class path
 * (slf4j-api for {@link #mdc}, opentelemetry-context for {@link #otel}). On JDK 25, {@code
 * ScopedValueCarrier.of(keys)} carries {@code ScopedValue} bindings.
 *
 * <pre>{@code
 * WeftPool pool = WeftPool.builder().propagate(Carriers.mdc(), Carriers.otel()).build();
 * }</pre>
 */
public final class Carriers {
    private Carriers() {
    }

    /**
     * SLF4J's MDC: a copy of the map ({@code MDC.getCopyOfContextMap()}) is captured where work leaves its
     * thread, and installed with {@code MDC.setContextMap}, or {@code MDC.clear()} for none, where it runs.
     * The binding must keep a real MDC (logback, log4j's SLF4J 2 binding; slf4j-simple's is a no-op).
     */
    public static ContextCarrier<?> mdc() {
        return new MdcCarrier();
    }

    /**
     * OpenTelemetry's {@code Context.current()}, with the span and every {@code ContextKey} in it: made
     * current with {@code makeCurrent()} where the work runs, and that scope closed when the worker puts
     * its own context back.
     */
    public static ContextCarrier<?> otel() {
        return new OtelCarrier();
    }
}
