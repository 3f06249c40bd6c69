package com.itemupdown.rank;

import java.util.Arrays;
import java.util.Comparator;
import jsr166y.ForkJoinPool;

/** Ranks the items of a page by score. */
public class Ranking {
    private final ForkJoinPool pool = new ForkJoinPool();

    public Item[] rank(Item[] items) {
        pool.invoke(new ScoreTask(items));
        Item[] sorted = Arrays.copyOf(items, items.length);
        Arrays.sort(sorted, Comparator.comparingDouble((Item i) -> -i.score));
        return sorted;
    }
}
