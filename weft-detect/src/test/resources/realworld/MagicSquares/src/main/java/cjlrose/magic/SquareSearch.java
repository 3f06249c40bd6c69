package cjlrose.magic;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/**
 * Counts magic squares of order 3: each task takes the candidate first rows it is given and tries every
 * completion; a long list of candidates is split between two new tasks.
 */
public class SquareSearch extends RecursiveTask<Integer> {
    private static final long serialVersionUID = 1L;
    static final int MAGIC = 15;

    private final List<int[]> firstRows;
    private final List<int[]> permutations;

    public SquareSearch(List<int[]> firstRows, List<int[]> permutations) {
        this.firstRows = firstRows;
        this.permutations = permutations;
    }

    @Override
    protected Integer compute() {
        if (firstRows.size() <= 4) {
            int found = 0;
            for (int[] row : firstRows) {
                for (int[] second : permutations) {
                    int[] third = new int[3];
                    boolean ok = true;
                    for (int c = 0; c < 3 && ok; c++) {
                        third[c] = MAGIC - row[c] - second[c];
                        ok = third[c] >= 1 && third[c] <= 9;
                    }
                    if (ok && isMagic(row, second, third)) {
                        found++;
                    }
                }
            }
            return found;
        }
        int mid = firstRows.size() / 2;
        SquareSearch low = new SquareSearch(new ArrayList<>(firstRows.subList(0, mid)), permutations);   // expect: B2
        SquareSearch high = new SquareSearch(new ArrayList<>(firstRows.subList(mid, firstRows.size())), permutations);   // expect: B2
        low.fork();
        return high.compute() + low.join();
    }

    static boolean isMagic(int[] a, int[] b, int[] c) {
        boolean[] seen = new boolean[10];
        for (int[] row : new int[][] {a, b, c}) {
            int sum = 0;
            for (int v : row) {
                if (seen[v]) {
                    return false;
                }
                seen[v] = true;
                sum += v;
            }
            if (sum != MAGIC) {
                return false;
            }
        }
        return a[0] + b[1] + c[2] == MAGIC && a[2] + b[1] + c[0] == MAGIC
                && a[0] + b[0] + c[0] == MAGIC && a[1] + b[1] + c[1] == MAGIC;
    }

    static List<int[]> permutations() {
        List<int[]> all = new ArrayList<>();
        for (int x = 1; x <= 9; x++) {
            for (int y = 1; y <= 9; y++) {
                int z = MAGIC - x - y;
                if (z >= 1 && z <= 9 && x != y && y != z && x != z) {
                    all.add(new int[] {x, y, z});
                }
            }
        }
        return all;
    }
}
