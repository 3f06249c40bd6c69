package stats;

import dev.weft.Weft;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Outlier detection on Weft: per-range outlier lists combined by the reduction. */
public final class Outliers {
    private Outliers() {
    }

    static List<Integer> outliers(double[] xs, double mean, double sd) {
        return Weft.parallelReduce(0, xs.length, List.of(), i -> Math.abs(xs[i] - mean) > 3 * sd ? List.of(i) : List.of(),
                (a, b) -> {
                    if (a.isEmpty()) {
                        return b;
                    }
                    List<Integer> both = new ArrayList<>(a);   // expect: B3
                    both.addAll(b);   // expect: B3
                    return both;
                });
    }

    /** The same into one shared synchronized list: every add takes its lock. */
    static List<Integer> outliersShared(double[] xs, double mean, double sd) {
        List<Integer> found = Collections.synchronizedList(new ArrayList<>());
        Weft.parallelFor(0, xs.length, i -> {
            if (Math.abs(xs[i] - mean) > 3 * sd) {
                found.add(i);   // expect: B5
            }
        });
        return found;
    }

    /** Mean and standard deviation: sums combined by addition, nothing copied. */
    static double[] moments(double[] xs) {
        double sum = Weft.parallelReduceDouble(0, xs.length, 0, i -> xs[i], Double::sum);
        double mean = sum / xs.length;
        double sq = Weft.parallelReduceDouble(0, xs.length, 0, i -> (xs[i] - mean) * (xs[i] - mean), Double::sum);
        return new double[] {mean, Math.sqrt(sq / xs.length)};
    }
}
