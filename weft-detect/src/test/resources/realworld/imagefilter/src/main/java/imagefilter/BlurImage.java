package imagefilter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/**
 * Blurs an image in stripes of 64 rows: the loop copies each stripe out of the image, hands the copy to a
 * subtask and forks it, then stitches the results back.
 */
public class BlurImage extends RecursiveTask<int[]> {
    private static final long serialVersionUID = 1L;
    private static final int ROWS = 64;

    private final int[] image;
    private final int width;

    public BlurImage(int[] image, int width) {
        this.image = image;
        this.width = width;
    }

    @Override
    protected int[] compute() {
        List<BlurStripe> stripes = new ArrayList<>();
        for (int start = 0; start < image.length; start += ROWS * width) {   // expect: B4
            int end = Math.min(image.length, start + ROWS * width);
            BlurStripe s = new BlurStripe(Arrays.copyOfRange(image, start, end), width);   // expect: B2
            s.fork();
            stripes.add(s);
        }
        int[] out = new int[image.length];
        int at = 0;
        for (BlurStripe s : stripes) {
            int[] part = s.join();
            System.arraycopy(part, 0, out, at, part.length);   // expect: B3
            at += part.length;
        }
        return out;
    }
}
