package imagefilter;

import java.util.concurrent.RecursiveTask;

/** Blurs one horizontal stripe of an image, given as its own array of pixels. */
public class BlurStripe extends RecursiveTask<int[]> {
    private static final long serialVersionUID = 1L;

    private final int[] pixels;
    private final int width;

    public BlurStripe(int[] pixels, int width) {
        this.pixels = pixels;
        this.width = width;
    }

    @Override
    protected int[] compute() {
        int[] out = new int[pixels.length];
        for (int i = 0; i < pixels.length; i++) {
            int x = i % width;
            int left = x > 0 ? pixels[i - 1] : pixels[i];
            int right = x < width - 1 ? pixels[i + 1] : pixels[i];
            out[i] = (left + 2 * pixels[i] + right) / 4;
        }
        return out;
    }
}
