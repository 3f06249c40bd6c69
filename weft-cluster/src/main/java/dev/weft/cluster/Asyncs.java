package dev.weft.cluster;

import java.util.ArrayDeque;
import java.util.ArrayList;

/**
 * A global finish as a task queue (PROTOCOL.md, "Loops and finish"): the activities not yet started,
 * newest last. A queue runs its newest activity first — depth first, as a worker runs its own forks —
 * and gives away every other pending activity, which is about half of its work.
 *
 * @param <R> the finish's result type
 */
final class Asyncs<R> implements TaskQueue<Asyncs.Bag<R>, R>, ClusterFinish<R> {
    /** Activities that move together: serialised only when they leave the member. */
    static final class Bag<R> extends ArrayList<Remote.Async<R>> {
        private static final long serialVersionUID = 1L;
    }

    private final Reduction<R> reduction;
    private final ArrayDeque<Remote.Async<R>> pending = new ArrayDeque<>();
    private R acc;

    Asyncs(Reduction<R> reduction) {
        this.reduction = reduction;
        this.acc = reduction.identity();
    }

    @Override
    public void async(Remote.Async<R> activity) {
        if (activity == null) {
            throw new NullPointerException("activity");
        }
        pending.addLast(activity);
    }

    @Override
    public void offer(R value) {
        acc = reduction.combine(acc, value);
    }

    @Override
    public boolean process(int n) {
        for (int i = 0; i < n; i++) {
            Remote.Async<R> a = pending.pollLast();
            if (a == null) {
                return false;
            }
            a.run(this);
        }
        return !pending.isEmpty();
    }

    /**
     * Every other pending activity, oldest first: pending activities are, level by level, the siblings
     * not yet started, so alternate ones halve every level — about half of the work, where the oldest
     * half would be nearly all of it.
     */
    @Override
    public Bag<R> split() {
        int k = pending.size() / 2;
        if (k == 0) {
            return null;
        }
        Bag<R> half = new Bag<>();
        int n = pending.size();
        for (int i = 0; i < n; i++) {
            Remote.Async<R> a = pending.pollFirst();
            if ((i & 1) == 1 && half.size() < k) {
                half.add(a);
            } else {
                pending.addLast(a);
            }
        }
        return half;
    }

    @Override
    public void merge(Bag<R> bag) {
        pending.addAll(bag);
    }

    @Override
    public R result() {
        return acc;
    }

    /** The queue factory of a finish with {@code reduction}: serialisable, so it travels with the job. */
    static <R> Remote.Supplier<Asyncs<R>> factory(Reduction<R> reduction) {
        return () -> new Asyncs<>(reduction);
    }

    /** The root bag: the finish's first activity. */
    static <R> Bag<R> root(Remote.Async<R> activity) {
        Bag<R> b = new Bag<>();
        b.add(activity);
        return b;
    }

    static <R> Reduction<R> none() {
        return new Reduction<>() {
            @Override
            public R identity() {
                return null;
            }

            @Override
            public R combine(R a, R b) {
                return null;
            }
        };
    }
}
