package dev.weft.bench.jmh;

import java.util.Locale;

/**
 * Counts nanosecond latencies in log-linear buckets (eight per power of two, so a percentile is exact to
 * within 1/16 of its value) without allocating per sample: enough to report the median and tail of
 * millions of handovers, which the mean alone hides on a shared machine.
 */
final class LatencyHistogram {
    private static final int SUB = 8;
    private final long[] counts = new long[SUB + 60 * SUB];
    private long n;
    private long sum;

    void record(long nanos) {
        long v = Math.max(0, nanos);
        counts[index(v)]++;
        n++;
        sum += v;
    }

    void clear() {
        java.util.Arrays.fill(counts, 0);
        n = 0;
        sum = 0;
    }

    long count() {
        return n;
    }

    double mean() {
        return n == 0 ? Double.NaN : (double) sum / n;
    }

    /** The middle of the bucket holding the {@code q}-quantile (0 < q <= 1); -1 when empty. */
    long percentile(double q) {
        long rank = (long) Math.ceil(q * n);
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank && counts[i] > 0) {
                return lower(i) + width(i) / 2;
            }
        }
        return -1;
    }

    String summary() {
        return String.format(Locale.ROOT, "mean %.0f, p50 %d, p90 %d, p99 %d, p99.9 %d", mean(), percentile(0.5),
                percentile(0.9), percentile(0.99), percentile(0.999));
    }

    static int index(long v) {
        if (v < SUB) {
            return (int) v;
        }
        int e = 63 - Long.numberOfLeadingZeros(v); // v in [2^e, 2^(e+1)), e >= 3
        int sub = (int) (v >>> (e - 3)) & (SUB - 1);
        return Math.min(SUB + (e - 3) * SUB + sub, SUB + 60 * SUB - 1);
    }

    static long lower(int i) {
        if (i < SUB) {
            return i;
        }
        int e = (i - SUB) / SUB + 3;
        return (long) (SUB + (i - SUB) % SUB) << (e - 3);
    }

    static long width(int i) {
        return i < SUB ? 1 : 1L << ((i - SUB) / SUB);
    }
}
