package grid;

import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/** A cell of the heat grid, with its own lock. */
final class Cell {
    final ReadWriteLock lock = new ReentrantReadWriteLock();
    double temperature;

    Cell(double temperature) {
        this.temperature = temperature;
    }
}
