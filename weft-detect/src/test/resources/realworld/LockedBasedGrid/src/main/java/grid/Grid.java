package grid;

/** A square grid of cells. */
public final class Grid {
    final Cell[][] cells;

    public Grid(int n, double initial) {
        cells = new Cell[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                cells[i][j] = new Cell(initial);
            }
        }
    }

    public int size() {
        return cells.length;
    }

    double read(int i, int j) {
        Cell c = cells[i][j];
        c.lock.readLock().lock();   // expect: B5
        try {
            return c.temperature;
        } finally {
            c.lock.readLock().unlock();
        }
    }

    void write(int i, int j, double t) {
        Cell c = cells[i][j];
        c.lock.writeLock().lock();   // expect: B5
        try {
            c.temperature = t;
        } finally {
            c.lock.writeLock().unlock();
        }
    }
}
