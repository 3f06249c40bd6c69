package b5;

import java.awt.image.BufferedImage;
import java.util.concurrent.RecursiveAction;

/** Figure 9 of the paper: rendering under a lock that setRGB does not need. */
public class Mandelbrot extends RecursiveAction {
    final Object lock = new Object();
    final BufferedImage renderImage;
    final boolean isLiveRendering = true;
    private final int y0;
    private final int y1;
    private final Mandelbrot mb;

    Mandelbrot(BufferedImage image, int y0, int y1, Mandelbrot root) {
        this.renderImage = image;
        this.y0 = y0;
        this.y1 = y1;
        this.mb = root == null ? this : root;
    }

    @Override
    protected void compute() {
        if (y1 - y0 > 16) {
            int mid = (y0 + y1) >>> 1;
            invokeAll(new Mandelbrot(renderImage, y0, mid, mb), new Mandelbrot(renderImage, mid, y1, mb));
            return;
        }
        for (int i = y0; i < y1; i++) {
            for (int j = 0; j < renderImage.getWidth(); j++) {
                int color = escape(j, i);
                if (mb.isLiveRendering) {
                    synchronized (mb.lock) {   // expect: B5
                        mb.renderImage.setRGB(j, i, color);
                    }
                }
            }
        }
    }

    static int escape(int x, int y) {
        double cr = x / 100.0 - 2;
        double ci = y / 100.0 - 1;
        double zr = 0;
        double zi = 0;
        int n = 0;
        while (n < 255 && zr * zr + zi * zi < 4) {
            double t = zr * zr - zi * zi + cr;
            zi = 2 * zr * zi + ci;
            zr = t;
            n++;
        }
        return n << 8;
    }
}
