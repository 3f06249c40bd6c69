package imaging;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** Counts the luminance of every pixel of an ARGB image into a shared histogram. */
public class HistogramTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final int[] argb;
    private final int from;
    private final int to;
    private final Histogram histogram;

    public HistogramTask(int[] argb, int from, int to, Histogram histogram) {
        this.argb = argb;
        this.from = from;
        this.to = to;
        this.histogram = histogram;
    }

    static int luminance(int p) {
        int r = (p >> 16) & 0xff;
        int g = (p >> 8) & 0xff;
        int b = p & 0xff;
        return (r * 299 + g * 587 + b * 114) / 1000;
    }

    @Override
    protected void compute() {
        if (to - from <= 4096) {
            for (int i = from; i < to; i++) {
                histogram.add(luminance(argb[i]));
            }
            return;
        }
        int mid = (from + to) >>> 1;
        invokeAll(new HistogramTask(argb, from, mid, histogram), new HistogramTask(argb, mid, to, histogram));
    }

    public static long[] of(int[] argb) {
        Histogram h = new Histogram();
        ForkJoinPool.commonPool().invoke(new HistogramTask(argb, 0, argb.length, h));
        return h.snapshot();
    }
}
