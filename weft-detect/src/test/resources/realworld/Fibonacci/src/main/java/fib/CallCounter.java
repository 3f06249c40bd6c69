package fib;

/** Counts calls, for the statistics printed at the end. */
public class CallCounter {
    private long calls;

    public synchronized void increment() {   // expect: B5
        calls++;
    }

    public synchronized long get() {
        return calls;
    }
}
