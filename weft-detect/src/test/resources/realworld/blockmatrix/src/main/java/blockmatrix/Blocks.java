package blockmatrix;

/** Copies of square blocks of a matrix. */
final class Blocks {
    private Blocks() {
    }

    static double[][] block(double[][] m, int row, int col, int size) {
        double[][] b = new double[size][size];
        for (int i = 0; i < size; i++) {
            for (int j = 0; j < size; j++) {
                b[i][j] = m[row + i][col + j];
            }
        }
        return b;
    }
}
