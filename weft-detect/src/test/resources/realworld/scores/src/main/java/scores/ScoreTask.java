package scores;

import java.util.List;
import java.util.concurrent.RecursiveAction;

/** Scores the players of a range; each leaf records its scores in the shared tally through a method reference. */
public class ScoreTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final List<String> players;
    private final int from;
    private final int to;

    public ScoreTask(List<String> players, int from, int to) {
        this.players = players;
        this.from = from;
        this.to = to;
    }

    @Override
    protected void compute() {
        if (to - from > 100) {
            int mid = (from + to) >>> 1;
            invokeAll(new ScoreTask(players, from, mid), new ScoreTask(players, mid, to));
            return;
        }
        players.subList(from, to).stream().map(p -> p.length() * 7 % 100).forEach(Stats::record);
    }
}
