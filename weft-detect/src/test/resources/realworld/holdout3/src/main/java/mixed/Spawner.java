package mixed;

import java.util.List;
import java.util.concurrent.RecursiveAction;

/** Hands each half of its list to a helper that makes and forks the subtask. */
public class Spawner extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final List<String> names;

    public Spawner(List<String> names) {
        this.names = names;
    }

    @Override
    protected void compute() {
        if (names.size() <= 10) {
            names.forEach(n -> n.hashCode());
            return;
        }
        int mid = names.size() / 2;
        Spawner left = spawn(names.subList(0, mid));   // expect: B2
        Spawner right = spawn(names.subList(mid, names.size()));   // expect: B2
        left.join();
        right.join();
    }

    private static Spawner spawn(List<String> part) {
        Spawner s = new Spawner(part);
        s.fork();
        return s;
    }
}
