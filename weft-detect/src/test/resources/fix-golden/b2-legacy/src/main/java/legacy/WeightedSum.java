package legacy;

// import java.util.Vector;
import java.util.Arrays;
import java.util.List;

import jsr166y.ForkJoinPool;
import jsr166y.RecursiveTask;

/**
	* Sums a slice of longs; written for Java 6 with the jsr166y preview of fork/join.
	*/
public class WeightedSum extends RecursiveTask<Long> {
	private static final long serialVersionUID = 1L;
	static final int THRESHOLD = 64;

	private final long[] values;

	/**
	 * A task over all of {@code values}.
	 *
	 * @param values the numbers to sum, not copied
	 */
	public WeightedSum(long[] values) {
		this.values = values;
	}

	@Override
	protected Long compute() {
		if (values.length <= THRESHOLD) {
			long sum = 0;
			for (int i = 0; i < values.length; i++) {
				sum += values[i] * (i % 3 + 1);
			}
			return sum;
		}
		int mid;
		// split in the middle
		mid = values.length / 2;
		WeightedSum left = new WeightedSum(Arrays.copyOfRange(values, 0, mid));
		left.fork();
		long right = new WeightedSum(Arrays.copyOfRange(values, mid, values.length)).compute();
		return left.join() + right;
	}

	public static long run(List<Long> input) {
		long[] data = new long[input.size()];
		for (int i = 0; i < data.length; i++) {
			data[i] = input.get(i);
		}
		return new ForkJoinPool().invoke(new WeightedSum(data));
	}
}
