/**
 * Context carriers for {@code WeftPool.Builder.propagate}: {@link dev.weft.context.Carriers#mdc()} and
 * {@link dev.weft.context.Carriers#otel()}; on JDK 25, {@code dev.weft.context.ScopedValueCarrier}.
 * Both libraries are optional: an application brings the one it uses.
 */
module dev.weft.context {
    requires transitive dev.weft.core;
    requires static org.slf4j;
    requires static io.opentelemetry.context;

    exports dev.weft.context;
}
