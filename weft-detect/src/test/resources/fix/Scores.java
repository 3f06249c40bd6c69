package fix;

import static java.util.Arrays.copyOfRange;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** Figure 2 of the paper: the leaf work is a helper that gets the (copied) array. */
class Scores extends RecursiveAction {
    static final int N = 16;
    private final User[] u;

    Scores(User[] u) {
        this.u = u;
    }

    @Override
    protected void compute() {
        if (u.length < N) {
            local(u);
        } else {
            int split = u.length / 2;
            User[] u1 = copyOfRange(u, 0, split);
            User[] u2 = copyOfRange(u, split, u.length);
            invokeAll(new Scores(u1), new Scores(u2));
        }
    }

    private static void local(User[] users) {
        int rank = 0;
        for (User user : users) {
            user.score = user.name.length() * 10 + rank++;
        }
    }

    static final class User {
        final String name;
        int score;

        User(String name) {
            this.name = name;
        }
    }

    public static String run() {
        User[] users = new User[1000];
        for (int i = 0; i < users.length; i++) {
            users[i] = new User("user" + (i * 37 % 1000));
        }
        try (ForkJoinPool pool = new ForkJoinPool(2)) {
            pool.invoke(new Scores(users));
        }
        long total = 0;
        for (int i = 0; i < users.length; i++) {
            total = total * 17 + users[i].score;
        }
        return String.valueOf(total);
    }
}
