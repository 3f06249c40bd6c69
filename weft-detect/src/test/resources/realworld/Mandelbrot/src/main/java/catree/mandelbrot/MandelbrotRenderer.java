package catree.mandelbrot;

import java.awt.image.BufferedImage;
import java.util.concurrent.ForkJoinPool;

/** Renders the Mandelbrot set into an image, optionally showing it while it is drawn. */
public class MandelbrotRenderer {
    final BufferedImage renderImage;
    final Object lock = new Object();
    final int maxIterations;
    volatile boolean isLiveRendering;
    boolean isBenchmarking;

    public MandelbrotRenderer(int width, int height, int maxIterations) {
        this.renderImage = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        this.maxIterations = maxIterations;
    }

    public BufferedImage render() {
        ForkJoinPool.commonPool().invoke(new MandelbrotTask(this, 0, renderImage.getHeight()));
        return renderImage;
    }

    void repaint() {
        // A Swing component would repaint here; the batch renderer has nothing to show.
    }
}
