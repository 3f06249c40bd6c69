package reports;

import java.util.concurrent.RecursiveTask;
import org.apache.log4j.Logger;

/** Tallies votes per candidate index, reporting progress through the overloads of Report.emit. */
public class Tally extends RecursiveTask<int[]> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = Logger.getLogger("tally");

    private final int[] votes;
    private final int from;
    private final int to;
    private final int candidates;

    public Tally(int[] votes, int from, int to, int candidates) {
        this.votes = votes;
        this.from = from;
        this.to = to;
        this.candidates = candidates;
    }

    @Override
    protected int[] compute() {
        if (to - from <= 1000) {
            int[] counts = new int[candidates];
            for (int i = from; i < to; i++) {
                counts[votes[i]]++;
            }
            Report.emit("tallied " + (to - from));
            Report.emit(LOG);
            return counts;
        }
        int mid = (from + to) >>> 1;
        Tally left = new Tally(votes, from, mid, candidates);
        left.fork();
        int[] right = new Tally(votes, mid, to, candidates).compute();
        int[] l = left.join();
        for (int c = 0; c < candidates; c++) {
            right[c] += l[c];
        }
        return right;
    }
}
