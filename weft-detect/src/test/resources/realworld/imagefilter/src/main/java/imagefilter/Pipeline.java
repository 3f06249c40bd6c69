package imagefilter;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Runs the filters of a pipeline on a working copy of the image: the copy is made once, when the pipeline
 * starts, not at every split; and a thumbnail is left to run on its own in the same pool.
 */
public class Pipeline extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final int[] original;
    private final int width;
    private int[] result;

    public Pipeline(int[] original, int width) {
        this.original = original;
        this.width = width;
    }

    @Override
    protected void compute() {
        int[] working = Arrays.copyOf(original, original.length);   // note: B2
        getPool().execute(new Thumbnail(working, width));   // note: B1
        result = new BlurImage(working, width).invoke();
    }

    public int[] result() {
        return result;
    }

    public static int[] run(int[] image, int width) {
        Pipeline p = new Pipeline(image, width);
        ForkJoinPool.commonPool().invoke(p);
        return p.result();
    }

    /** Averages 8x8 blocks into a thumbnail; nobody waits for it. */
    static final class Thumbnail extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int[] pixels;
        private final int width;
        volatile int[] thumbnail;

        Thumbnail(int[] pixels, int width) {
            this.pixels = pixels;
            this.width = width;
        }

        @Override
        protected void compute() {
            int height = pixels.length / width;
            int[] t = new int[(width / 8) * (height / 8)];
            for (int y = 0; y + 8 <= height; y += 8) {
                for (int x = 0; x + 8 <= width; x += 8) {
                    int sum = 0;
                    for (int dy = 0; dy < 8; dy++) {
                        for (int dx = 0; dx < 8; dx++) {
                            sum += pixels[(y + dy) * width + x + dx];
                        }
                    }
                    t[(y / 8) * (width / 8) + x / 8] = sum / 64;
                }
            }
            thumbnail = t;
        }
    }
}
