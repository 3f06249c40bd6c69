package grid;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** One diffusion step over rows [from, to), in place, each cell read and written under its lock. */
public class DiffuseTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final Grid grid;
    private final int from;
    private final int to;

    public DiffuseTask(Grid grid, int from, int to) {
        this.grid = grid;
        this.from = from;
        this.to = to;
    }

    @Override
    protected void compute() {
        if (to - from > 8) {
            int mid = (from + to) >>> 1;
            invokeAll(new DiffuseTask(grid, from, mid), new DiffuseTask(grid, mid, to));
            return;
        }
        int n = grid.size();
        for (int i = Math.max(1, from); i < Math.min(n - 1, to); i++) {
            for (int j = 1; j < n - 1; j++) {
                double avg = (grid.read(i - 1, j) + grid.read(i + 1, j) + grid.read(i, j - 1) + grid.read(i, j + 1)) / 4;
                grid.write(i, j, avg);
            }
        }
    }

    public static void step(Grid grid) {
        ForkJoinPool.commonPool().invoke(new DiffuseTask(grid, 0, grid.size()));
    }
}
