package mixed;

import java.util.concurrent.Phaser;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Sends reminders in rounds: tasks meet at a phaser after each round, and schedule a follow-up on a timer. */
public class Reminders extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final String[] users;
    private final Phaser rounds;
    private final ScheduledExecutorService timer;

    public Reminders(String[] users, Phaser rounds, ScheduledExecutorService timer) {
        this.users = users;
        this.rounds = rounds;
        this.timer = timer;
    }

    @Override
    protected void compute() {
        for (int round = 0; round < 3; round++) {
            for (String u : users) {
                timer.schedule(() -> System.out.println("follow up " + u), 1, TimeUnit.HOURS);   // expect: B1
            }
            rounds.arriveAndAwaitAdvance();   // expect: B5
        }
    }
}
