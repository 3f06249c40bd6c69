package mixed;

import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** Processes work while polling a stop flag, with a spin hint between items: working, not waiting. */
public class Worker extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final AtomicBoolean stop;
    private final AtomicInteger next;
    private final int[] items;
    long sum;

    public Worker(AtomicBoolean stop, AtomicInteger next, int[] items) {
        this.stop = stop;
        this.next = next;
        this.items = items;
    }

    @Override
    protected void compute() {
        while (!stop.get()) {
            int i = next.getAndIncrement();
            if (i >= items.length) {
                return;
            }
            sum += items[i];
            Thread.onSpinWait();
        }
    }
}
