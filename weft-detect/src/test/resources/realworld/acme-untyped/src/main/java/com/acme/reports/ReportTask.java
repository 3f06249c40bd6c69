package com.acme.reports;

import com.acme.parallel.RecursiveTask;
import java.util.Arrays;

/**
 * Built on an in-house task library that is not part of this tree. Its copies would be copy on fork if the
 * base class is fork/join's, which the detector cannot know: it says so instead of reporting nothing.
 */
public class ReportTask extends RecursiveTask<Integer> {
    private static final long serialVersionUID = 1L;

    private final int[] rows;

    public ReportTask(int[] rows) {
        this.rows = rows;
    }

    @Override
    protected Integer compute() {
        if (rows.length < 100) {
            return Arrays.stream(rows).sum();
        }
        ReportTask left = new ReportTask(Arrays.copyOfRange(rows, 0, rows.length / 2));
        left.fork();
        return new ReportTask(Arrays.copyOfRange(rows, rows.length / 2, rows.length)).compute() + left.join();
    }
}
