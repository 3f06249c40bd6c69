package sorting;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/** Quicksort on lists, the way course projects write it: partition into new lists, sort each half, concatenate. */
public class ListQuickSort extends RecursiveTask<List<Integer>> {
    private static final long serialVersionUID = 1L;

    private final List<Integer> items;

    public ListQuickSort(List<Integer> items) {
        this.items = items;
    }

    @Override
    protected List<Integer> compute() {
        if (items.size() <= 16) {
            List<Integer> sorted = new ArrayList<>(items);
            sorted.sort(null);
            return sorted;
        }
        int pivot = items.get(items.size() / 2);
        List<Integer> smaller = new ArrayList<>();   // expect: B2
        List<Integer> larger = new ArrayList<>();   // expect: B2
        int same = 0;
        for (Integer x : items) {
            if (x < pivot) {
                smaller.add(x);
            } else if (x > pivot) {
                larger.add(x);
            } else {
                same++;
            }
        }
        ListQuickSort lo = new ListQuickSort(smaller);
        ListQuickSort hi = new ListQuickSort(larger);
        invokeAll(lo, hi);
        List<Integer> out = new ArrayList<>(lo.join());   // expect: B3
        for (int i = 0; i < same; i++) {
            out.add(pivot);
        }
        out.addAll(hi.join());   // expect: B3
        return out;
    }
}
