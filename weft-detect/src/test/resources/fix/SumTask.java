package fix;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A weighted sum whose every split copies both halves of the array. */
public class SumTask extends RecursiveTask<Long> {
    // Small, so that the input of run() splits several levels deep.
    static final int THRESHOLD = 100;

    private final long[] values;

    public SumTask(long[] values) {
        this.values = values; // stored as given
    }

    @Override
    protected Long compute() {
        if (values.length <= THRESHOLD) {
            long sum = 0;
            for (int i = 0; i < values.length; i++) {
                sum += values[i] * (i % 3 + 1);   // position within the slice matters
            }
            for (long v : values) {
                sum ^= v;
            }
            return sum + values[values.length - 1];
        }
        int mid = values.length / 2;
        long[] left = Arrays.copyOfRange(values, 0, mid);
        long[] right = Arrays.copyOfRange(values, mid, values.length);
        SumTask l = new SumTask(left);
        l.fork();
        long r = new SumTask(right).compute();
        return l.join() * 31 + r;
    }

    /* Everything below is left alone by --fix. */
    public static String run() {
        long[] data = new long[12_345];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 7919L) % 1000;
        }
        try (ForkJoinPool pool = new ForkJoinPool(2)) {
            return String.valueOf(pool.invoke(new SumTask(data)));
        }
    }
}
