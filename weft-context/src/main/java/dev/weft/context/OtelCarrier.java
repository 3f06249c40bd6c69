package dev.weft.context;

import dev.weft.ContextCarrier;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;

/**
 * OpenTelemetry's current {@link Context} as a {@link ContextCarrier} ({@link Carriers#otel}).
 *
 * <p>A context is made current only through a {@link Scope}, and scopes must be closed on their thread
 * in the reverse order of opening. A worker uses a carrier in brackets (weft-core's {@code Contexts}):
 * to run a job that left its thread it calls {@code capture()} for its own context and at once
 * {@code restore(job's)}; after the run, {@code restore(own)} with what that capture returned. A worker
 * that helps while it waits runs another job inside the first, so brackets nest, and each closes before
 * the one around it. So this carrier keeps, per thread, a stack of the scopes it opened ({@link Opened}),
 * and:
 * <ul>
 *   <li>{@code restore(job's)} opens a scope with {@code makeCurrent()} and pushes it, remembering the
 *       capture just made on this thread: the worker's own, which will close it;</li>
 *   <li>{@code restore(own)} finds that capture on top of the stack, pops it and closes its scope, which
 *       makes current again the context that was current before, the worker's own.</li>
 * </ul>
 * Captures are told apart by identity: every {@link #capture} returns a new {@link Captured}, so the
 * state a job brings from its publisher is never the top's (not even when the two contexts are the same
 * object), and a put-back always is (the brackets above it closed first).
 *
 * <p>A job that leaves a scope of its own open makes the storage refuse to close ours (it is not the
 * current one); then the worker's own context is made current again with a scope that is dropped on
 * purpose: the job's scope can no longer be closed in order, and the next job must not run in its context.
 */
final class OtelCarrier implements ContextCarrier<OtelCarrier.Captured> {
    /** One capture: a new object each time, so that a put-back is recognised by identity. */
    static final class Captured {
        final Context context;

        Captured(Context context) {
            this.context = context;
        }
    }

    /** A scope this carrier opened on its thread, the capture whose restore closes it, and the one below. */
    private record Opened(Scope scope, Captured own, Opened below) {
    }

    /** Per thread: the scopes this carrier opened and has not closed, innermost first. */
    private final ThreadLocal<Opened> opened = new ThreadLocal<>();
    /**
     * Per thread: its latest capture. A worker's {@code restore(job's)} follows its own capture directly,
     * so at that moment this is the worker's own. Cleared there; a publisher's capture stays reachable
     * from its thread until that thread's next capture (one context per thread at most).
     */
    private final ThreadLocal<Captured> lastCapture = new ThreadLocal<>();

    @Override
    public Captured capture() {
        Captured c = new Captured(Context.current());
        lastCapture.set(c);
        return c;
    }

    @Override
    public void restore(Captured state) {
        Opened top = opened.get();
        if (top != null && top.own == state) {
            opened.set(top.below);
            top.scope.close();
            if (Context.current() != state.context) {
                // The job left a scope open, so ours was not the current one and the close was refused.
                state.context.makeCurrent(); // its scope dropped on purpose: see the class comment
            }
            return;
        }
        Captured own = lastCapture.get();
        lastCapture.set(null);
        Scope scope = (state == null ? Context.root() : state.context).makeCurrent();
        opened.set(new Opened(scope, own, top));
    }
}
