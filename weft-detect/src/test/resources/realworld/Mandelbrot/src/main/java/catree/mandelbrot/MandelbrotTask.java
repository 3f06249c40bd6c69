package catree.mandelbrot;

import java.awt.Color;
import java.util.concurrent.RecursiveAction;

/** Computes the rows [rowStart, rowEnd) of the image. */
public class MandelbrotTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final MandelbrotRenderer mb;
    private final int rowStart;
    private final int rowEnd;

    MandelbrotTask(MandelbrotRenderer mb, int rowStart, int rowEnd) {
        this.mb = mb;
        this.rowStart = rowStart;
        this.rowEnd = rowEnd;
    }

    @Override
    protected void compute() {
        if (rowEnd - rowStart > 4) {
            int mid = (rowStart + rowEnd) >>> 1;
            invokeAll(new MandelbrotTask(mb, rowStart, mid), new MandelbrotTask(mb, mid, rowEnd));
            return;
        }
        int width = mb.renderImage.getWidth();
        int height = mb.renderImage.getHeight();
        for (int i = rowStart; i < rowEnd; i++) {
            for (int j = 0; j < width; j++) {
                double cr = 3.0 * j / width - 2.0;
                double ci = 2.0 * i / height - 1.0;
                int k = escape(cr, ci, mb.maxIterations);
                Color color = k == mb.maxIterations ? Color.BLACK : Color.getHSBColor((float) k / mb.maxIterations, 1f, 1f);
                if (!mb.isBenchmarking && mb.isLiveRendering) {
                    synchronized (mb.lock) {   // expect: B5
                        mb.renderImage.setRGB(j, i, color.getRGB());
                    }
                    mb.repaint();
                } else {
                    mb.renderImage.getRaster().setDataElements(j, i, new int[] {color.getRGB()});
                }
            }
        }
    }

    static int escape(double cr, double ci, int max) {
        double zr = 0;
        double zi = 0;
        int k = 0;
        while (k < max && zr * zr + zi * zi < 4) {
            double t = zr * zr - zi * zi + cr;
            zi = 2 * zr * zi + ci;
            zr = t;
            k++;
        }
        return k;
    }
}
