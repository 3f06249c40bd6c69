package scores;

/** A running tally shared by all tasks. */
public final class Stats {
    private static long count;
    private static long sum;

    private Stats() {
    }

    static synchronized void record(int score) {   // expect: B5
        count++;
        sum += score;
    }

    static synchronized double mean() {
        return count == 0 ? 0 : (double) sum / count;
    }
}
