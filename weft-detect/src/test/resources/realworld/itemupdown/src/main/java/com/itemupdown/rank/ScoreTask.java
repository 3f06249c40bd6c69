package com.itemupdown.rank;

import java.util.Arrays;
import jsr166y.RecursiveAction;

/**
 * Computes the Wilson lower bound of every item's vote ratio. Written against the jsr166y preview of fork/join
 * (before Java 7): each split copies both halves of the array for the subtasks.
 */
public class ScoreTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;
    private static final int THRESHOLD = 500;
    private static final double Z = 1.96;

    private final Item[] items;

    public ScoreTask(Item[] items) {
        this.items = items;
    }

    @Override
    protected void compute() {
        if (items.length <= THRESHOLD) {
            for (Item item : items) {
                item.score = wilson(item.ups, item.downs);
            }
            return;
        }
        int half = items.length / 2;
        Item[] first = Arrays.copyOfRange(items, 0, half);   // expect: B2
        Item[] second = Arrays.copyOfRange(items, half, items.length);   // expect: B2
        invokeAll(new ScoreTask(first), new ScoreTask(second));
    }

    static double wilson(int ups, int downs) {
        int n = ups + downs;
        if (n == 0) {
            return 0;
        }
        double p = (double) ups / n;
        return (p + Z * Z / (2 * n) - Z * Math.sqrt((p * (1 - p) + Z * Z / (4 * n)) / n)) / (1 + Z * Z / n);
    }
}
