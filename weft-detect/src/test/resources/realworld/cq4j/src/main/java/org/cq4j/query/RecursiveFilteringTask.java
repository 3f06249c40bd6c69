package org.cq4j.query;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/** Figure 6 of the paper's study: filters a list, each half in a subtask, and concatenates the results. */
public class RecursiveFilteringTask<T> extends RecursiveTask<List<T>> {
    private static final long serialVersionUID = 1L;
    private static final int FORK_SIZE = 1000;

    private final Filter<T> filter;
    private final List<T> dataSource;

    public RecursiveFilteringTask(Filter<T> filter, List<T> dataSource) {
        this.filter = filter;
        this.dataSource = dataSource;
    }

    @Override
    protected List<T> compute() {
        int size = dataSource.size();
        if (size < FORK_SIZE) {
            return computeDirectly();
        } else {
            List<T> result = new ArrayList<T>();
            int mid = size / 2;
            RecursiveFilteringTask<T> first = new RecursiveFilteringTask<T>(filter, dataSource.subList(0, mid));   // expect: B2
            first.fork();
            RecursiveFilteringTask<T> second = new RecursiveFilteringTask<T>(filter, dataSource.subList(mid, size));   // expect: B2
            second.fork();
            result.addAll(first.join());   // expect: B3
            result.addAll(second.join());   // expect: B3
            return result;
        }
    }

    private List<T> computeDirectly() {
        List<T> result = new ArrayList<T>();
        for (T item : dataSource) {
            if (filter.accept(item)) {
                result.add(item);
            }
        }
        return result;
    }
}
