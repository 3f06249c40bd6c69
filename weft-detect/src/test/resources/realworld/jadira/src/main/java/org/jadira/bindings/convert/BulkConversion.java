package org.jadira.bindings.convert;

import java.util.List;
import java.util.concurrent.RecursiveTask;
import org.jadira.bindings.util.Lists;

/** Converts a large list of strings; halves are converted by subtasks and their results concatenated. */
public class BulkConversion<T> extends RecursiveTask<List<T>> {
    private static final long serialVersionUID = 1L;

    private final String[] values;
    private final int from;
    private final int to;
    private final Converter<T> converter;

    public BulkConversion(String[] values, int from, int to, Converter<T> converter) {
        this.values = values;
        this.from = from;
        this.to = to;
        this.converter = converter;
    }

    @Override
    protected List<T> compute() {
        if (to - from <= 256) {
            java.util.ArrayList<T> out = new java.util.ArrayList<>(to - from);
            for (int i = from; i < to; i++) {
                out.add(converter.fromString(values[i]));
            }
            return Lists.withoutNulls(out);
        }
        int mid = (from + to) >>> 1;
        BulkConversion<T> low = new BulkConversion<>(values, from, mid, converter);
        BulkConversion<T> high = new BulkConversion<>(values, mid, to, converter);
        low.fork();
        List<T> highValues = high.compute();
        return Lists.concat(low.join(), highValues);   // expect: B3
    }
}
