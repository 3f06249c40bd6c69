package dev.weft.cluster;

/**
 * The scope an activity of a global {@link WeftCluster#finish finish} runs in: it starts more activities
 * and contributes values to the finish's result. An activity may run on any member; the scope it gets is
 * that of the queue running it there, so use only the one passed in.
 *
 * <pre>{@code
 * static void fib(ClusterFinish<Long> f, int n) {
 *     if (n < 20) { f.offer(serialFib(n)); return; }
 *     f.async(g -> fib(g, n - 1));                      // may be done by another member
 *     f.async(g -> fib(g, n - 2));
 * }
 * long r = cluster.finish(Reduction.sumLong(), f -> fib(f, 40));
 * }</pre>
 *
 * @param <R> the finish's result type
 */
public interface ClusterFinish<R> {
    /**
     * Starts {@code activity} as part of this finish. It runs later, on this member or — when another
     * member is hungry — on that one, after being serialised; the finish returns after every activity
     * started in it, directly or transitively, has run.
     */
    void async(Remote.Async<R> activity);

    /** Contributes {@code value} to the finish's result (combined with the finish's reduction). */
    void offer(R value);
}
