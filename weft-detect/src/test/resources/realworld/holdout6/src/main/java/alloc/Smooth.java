package alloc;

import java.util.concurrent.RecursiveAction;

/** Three-point smoothing into an output buffer, split in halves; each half gets a scratch buffer of its size. */
public class Smooth extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final double[] in;
    private final double[] out;
    private final double[] scratch;

    public Smooth(double[] in, double[] out, double[] scratch) {
        this.in = in;
        this.out = out;
        this.scratch = scratch;
    }

    @Override
    protected void compute() {
        int n = in.length;
        if (n <= 256) {
            for (int i = 0; i < n; i++) {
                double a = in[Math.max(0, i - 1)];
                double b = in[Math.min(n - 1, i + 1)];
                scratch[i] = (a + in[i] + b) / 3;
            }
            System.arraycopy(scratch, 0, out, 0, n);
            return;
        }
        int mid = n / 2;
        Smooth left = new Smooth(Arena.copy(in, 0, mid), new double[mid], Arena.doubles(mid));   // expect: B2
        Smooth right = new Smooth(Arena.copy(in, mid, n - mid), new double[n - mid], Arena.doubles(n - mid));   // expect: B2
        left.fork();
        right.compute();
        left.join();
        System.arraycopy(left.out, 0, out, 0, mid);   // miss: B3
        System.arraycopy(right.out, 0, out, mid, n - mid);   // miss: B3
    }
}
