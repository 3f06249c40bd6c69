package shared;

import java.util.concurrent.TimeUnit;

/** Helpers that task code in other files calls: its findings are reported here, where the code is. */
public class Metrics {
    private long events;
    private long total;

    /** Called from a parallelFor body in b5.WeftHistogram. */
    public synchronized void record(long value) {   // expect: B5
        events++;
        total += value;
    }

    /** Called from b6.RetryingFetch's compute(). */
    public static void backOff(int attempt) {
        try {
            TimeUnit.MILLISECONDS.sleep(1L << attempt);   // expect: B6
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Never called from task code. */
    public synchronized long mean() {
        return events == 0 ? 0 : total / events;
    }
}
