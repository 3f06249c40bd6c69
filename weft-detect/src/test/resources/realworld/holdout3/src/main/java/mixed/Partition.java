package mixed;

import java.util.Arrays;
import java.util.concurrent.RecursiveTask;

/** Counts values below a bound: the data is partitioned around its first value into two new arrays. */
public class Partition extends RecursiveTask<Integer> {
    private static final long serialVersionUID = 1L;

    private final int[] data;
    private final int bound;

    public Partition(int[] data, int bound) {
        this.data = data;
        this.bound = bound;
    }

    @Override
    protected Integer compute() {
        if (data.length <= 500) {
            return (int) Arrays.stream(data).filter(x -> x < bound).count();
        }
        int pivot = data[0];
        int[] low = Arrays.stream(data).filter(x -> x < pivot).toArray();   // expect: B2
        int[] high = Arrays.stream(data).filter(x -> x >= pivot).toArray();   // expect: B2
        if (low.length == 0 || high.length == 0) {
            return (int) Arrays.stream(data).filter(x -> x < bound).count();
        }
        Partition left = new Partition(low, bound);
        left.fork();
        return new Partition(high, bound).compute() + left.join();
    }
}
