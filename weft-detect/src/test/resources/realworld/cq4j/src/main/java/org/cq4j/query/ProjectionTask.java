package org.cq4j.query;

import java.util.List;
import java.util.concurrent.RecursiveTask;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Projects the items of a query; a large source is partitioned around its first item's hash, each part
 * collected into a new list for a subtask.
 */
public class ProjectionTask<T, R> extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;

    private final List<T> source;
    private final Function<T, R> projection;

    public ProjectionTask(List<T> source, Function<T, R> projection) {
        this.source = source;
        this.projection = projection;
    }

    @Override
    protected Long compute() {
        if (source.size() < 500) {
            return source.stream().map(projection).filter(r -> r != null).count();
        }
        int pivot = source.get(0).hashCode();
        List<T> low = source.stream().filter(x -> x.hashCode() < pivot).collect(Collectors.toList());   // expect: B2
        List<T> high = source.stream().filter(x -> x.hashCode() >= pivot).collect(Collectors.toList());   // expect: B2
        if (low.isEmpty() || high.isEmpty()) {
            return source.stream().map(projection).filter(r -> r != null).count();
        }
        ProjectionTask<T, R> left = new ProjectionTask<>(low, projection);
        left.fork();
        return new ProjectionTask<>(high, projection).compute() + left.join();
    }
}
