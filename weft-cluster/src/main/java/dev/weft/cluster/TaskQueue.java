package dev.weft.cluster;

import java.io.Serializable;

/**
 * A member's share of a global computation, written as sequential code: the work it still has to do and
 * the result of what it has done. This is the task queue of X10's global load balancing library (GLB,
 * Zhang et al. 2014): the user writes how to do a little work, how to give half of the remaining work
 * away, and how to take work in; the runtime decides when and to whom.
 *
 * <p>A queue is never shared: one worker calls its methods, one at a time. Weft creates queues from the
 * job's factory, one per piece of work that runs in parallel — several per member when its workers are
 * hungry, one more for every bag that arrives from another member — and reduces their results.
 *
 * <pre>{@code
 * // Counts the solutions of n-queens: the queue is a stack of partial boards.
 * final class Queens implements TaskQueue<Boards, Long> {
 *     private final ArrayDeque<int[]> stack = new ArrayDeque<>();
 *     private long solutions;
 *
 *     public boolean process(int n) {
 *         for (int i = 0; i < n && !stack.isEmpty(); i++) {
 *             int[] board = stack.pop();
 *             if (board.length == N) solutions++;
 *             else for (int col = 0; col < N; col++) if (safe(board, col)) stack.push(place(board, col));
 *         }
 *         return !stack.isEmpty();
 *     }
 *     public Boards split() {                          // every other board: about half of the work
 *         if (stack.size() < 2) return null;
 *         Boards half = new Boards();
 *         boolean give = false;
 *         for (Iterator<int[]> it = stack.iterator(); it.hasNext(); give = !give) {
 *             int[] board = it.next();
 *             if (give) { half.add(board); it.remove(); }
 *         }
 *         return half;
 *     }
 *     public void merge(Boards bag) { bag.forEach(stack::push); }
 *     public Long result() { return solutions; }
 * }
 * }</pre>
 *
 * @param <B> the bag: a serialisable piece of work that can move to another member
 * @param <R> the result of a queue's work, combined across queues and members by a {@link Reduction}
 */
public interface TaskQueue<B extends Serializable, R> {
    /**
     * Does at most about {@code n} items of work — work may create more work in this queue — and says
     * whether any is left. The runtime calls it in a loop and, between calls, hands work to hungry workers
     * and members; a smaller {@code n} makes them wait less, a larger one costs fewer checks.
     *
     * @return true while this queue still holds work
     */
    boolean process(int n);

    /**
     * Takes about half of the work not yet started out of this queue, as a bag to be done elsewhere, or
     * returns null when there is too little to split. Half of the <em>work</em>, not of the items: in a
     * depth-first search the stack holds, level by level, the siblings not yet expanded, and the oldest
     * ones (nearest the root) hold exponentially more work than the newest, so giving the oldest half
     * away gives nearly everything — and the victim soon asks for work itself. Taking every other item
     * halves each level. A bag that may leave the member is serialised with Java serialisation, so
     * everything it holds must be serialisable.
     */
    B split();

    /**
     * Takes in a bag that another queue split off. Weft calls it once, on a fresh queue from the job's
     * factory, before the first {@link #process}.
     */
    void merge(B bag);

    /** The result of the work this queue has done, called once after its last {@link #process}. */
    R result();
}
