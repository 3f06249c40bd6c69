package edu.forkjoin.lessons;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.RecursiveAction;

/**
 * Lesson 5: what is not copy on fork. The leaf sorts a private copy of its part, and the subtasks get index
 * ranges into one list; a subList taken in the leaf stays there.
 */
public class Leaves extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final List<Integer> values;
    private final int from;
    private final int to;
    private final int[] medians;

    Leaves(List<Integer> values, int from, int to, int[] medians) {
        this.values = values;
        this.from = from;
        this.to = to;
        this.medians = medians;
    }

    @Override
    protected void compute() {
        if (to - from <= 100) {
            List<Integer> part = new ArrayList<>(values.subList(from, to));
            Collections.sort(part);
            medians[from / 100] = part.get(part.size() / 2);
            return;
        }
        int mid = from + Math.max(100, (to - from) / 200 * 100);
        invokeAll(new Leaves(values, from, mid, medians), new Leaves(values, mid, to, medians));
    }
}
