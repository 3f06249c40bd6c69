package imaging;

/** A luminance histogram that several tasks fill. */
public class Histogram {
    private final long[] bins = new long[256];

    public synchronized void add(int luminance) {   // expect: B5
        bins[luminance]++;
    }

    /** Read once all tasks are done (from the caller's thread). */
    public synchronized long[] snapshot() {
        return bins.clone();
    }
}
