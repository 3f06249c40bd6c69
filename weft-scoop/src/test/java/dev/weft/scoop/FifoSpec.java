package dev.weft.scoop;

import java.util.ArrayDeque;

/**
 * The sequential specification the lock-free queues are checked against with Lincheck: a FIFO queue of
 * ints whose {@code poll} answers -1 when empty.
 */
public final class FifoSpec {
    private final ArrayDeque<Integer> d = new ArrayDeque<>();

    public void offer(int v) {
        d.addLast(v);
    }

    public int poll() {
        Integer v = d.pollFirst();
        return v == null ? -1 : v;
    }

    public boolean hasItem() {
        return !d.isEmpty();
    }
}
