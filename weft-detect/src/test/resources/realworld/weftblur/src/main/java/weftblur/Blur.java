package weftblur;

import dev.weft.Weft;
import java.util.Arrays;

/** A blur on Weft: each async gets a copy of its band of rows. */
public final class Blur {
    private Blur() {
    }

    static void blur(int[] pixels, int width, int[] out) {
        int rows = pixels.length / width;
        Weft.finish(() -> {
            for (int r = 0; r < rows; r += 32) {
                int from = r * width;
                int to = Math.min(rows, r + 32) * width;
                int[] band = Arrays.copyOfRange(pixels, from, to);   // expect: B2
                Weft.async(() -> blurBand(band, width, out, from));
            }
        });
    }

    static void blurBand(int[] band, int width, int[] out, int offset) {
        for (int i = 0; i < band.length; i++) {
            int x = i % width;
            int l = x > 0 ? band[i - 1] : band[i];
            int r = x < width - 1 ? band[i + 1] : band[i];
            out[offset + i] = (l + band[i] + r) / 3;
        }
    }
}
