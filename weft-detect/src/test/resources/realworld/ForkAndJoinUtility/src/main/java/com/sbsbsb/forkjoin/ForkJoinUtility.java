package com.sbsbsb.forkjoin;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.function.Function;

/** Applies a function to every element of a list in parallel, results in list order. */
public final class ForkJoinUtility {
    private static final ForkJoinPool POOL = new ForkJoinPool();

    private ForkJoinUtility() {
    }

    public static <T, R> List<R> map(List<T> input, Function<? super T, ? extends R> fn, int chunk) {
        Object[] out = new Object[input.size()];
        POOL.invoke(new MapTask<>(new ArrayList<>(input), fn, chunk, out, 0));
        List<R> result = new ArrayList<>(out.length);
        for (Object o : out) {
            @SuppressWarnings("unchecked")
            R r = (R) o;
            result.add(r);
        }
        return result;
    }

    /** Maps one part of the input; writes the results at their index in a shared array, so there is no merge. */
    static final class MapTask<T, R> extends RecursiveAction {
        private static final long serialVersionUID = 1L;

        private final List<T> items;
        private final Function<? super T, ? extends R> fn;
        private final int chunk;
        private final Object[] out;
        private final int offset;

        MapTask(List<T> items, Function<? super T, ? extends R> fn, int chunk, Object[] out, int offset) {
            this.items = items;
            this.fn = fn;
            this.chunk = chunk;
            this.out = out;
            this.offset = offset;
        }

        @Override
        protected void compute() {
            if (items.size() <= chunk) {
                for (int i = 0; i < items.size(); i++) {
                    out[offset + i] = fn.apply(items.get(i));
                }
                return;
            }
            int mid = items.size() / 2;
            List<T> left = new ArrayList<>(items.subList(0, mid));   // expect: B2
            List<T> right = new ArrayList<>(items.subList(mid, items.size()));   // expect: B2
            invokeAll(new MapTask<>(left, fn, chunk, out, offset), new MapTask<>(right, fn, chunk, out, offset + mid));
        }
    }
}
