package b2;

import static java.util.Arrays.copyOfRange;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** Figure 2 of the paper: each split copies both halves of the users array. */
class UserTask extends RecursiveAction {
    static final int N = 64;
    private final User[] u;

    UserTask(User[] u) {
        this.u = u;
    }

    @Override
    protected void compute() {
        if (u.length < N) {
            local(u);
        } else {
            int split = u.length / 2;
            User[] u1 = copyOfRange(u, 0, split);   // expect: B2
            User[] u2 = copyOfRange(u, split, u.length);   // expect: B2
            invokeAll(new UserTask(u1), new UserTask(u2));
        }
    }

    private static void local(User[] users) {
        for (User user : users) {
            user.score = user.name.length();
        }
    }

    record Name(String first) {
    }

    static final class User {
        final String name;
        int score;

        User(String name) {
            this.name = name;
        }
    }

    public static void main(String[] args) {
        User[] users = new User[1000];
        for (int i = 0; i < users.length; i++) {
            users[i] = new User("u" + i);
        }
        ForkJoinPool.commonPool().invoke(new UserTask(users));
    }
}
