package fix;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import jsr166y.ForkJoinPool;
import jsr166y.RecursiveTask;

/** Pre-Java-7 code on jsr166y: a copy on fork and a scattered loop, rewritten with jsr166y's own types. */
public class Jsr166 extends RecursiveTask<Long> {
    private final long[] data;

    Jsr166(long[] data) {
        this.data = data;
    }

    @Override
    protected Long compute() {
        if (data.length <= 100) {
            long s = 0;
            for (int i = 0; i < data.length; i++) {
                s += data[i] * (i + 1);
            }
            return s;
        }
        int third = data.length / 3;
        List<Jsr166> parts = new ArrayList<>();
        for (int k = 0; k < 2; k++) {
            Jsr166 part = new Jsr166(Arrays.copyOfRange(data, 0, third));
            part.fork();
            parts.add(part);
        }
        long rest = new Jsr166(Arrays.copyOfRange(data, third, data.length)).compute();
        return parts.get(0).join() * 3 + parts.get(1).join() + rest;
    }

    /* Everything below is left alone by --fix. */
    public static String run() {
        long[] data = new long[2500];
        for (int i = 0; i < data.length; i++) {
            data[i] = i % 13;
        }
        return String.valueOf(new ForkJoinPool(2).invoke(new Jsr166(data)));
    }
}
