package dirtree;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/** The names of directories holding a file larger than a limit, a subtask per subdirectory. */
public class BigFiles extends RecursiveTask<List<String>> {
    private static final long serialVersionUID = 1L;

    private final Node dir;
    private final long limit;

    public BigFiles(Node dir, long limit) {
        this.dir = dir;
        this.limit = limit;
    }

    @Override
    protected List<String> compute() {
        List<BigFiles> subtasks = new ArrayList<>();
        for (Node child : dir.children()) {   // expect: B4
            BigFiles t = new BigFiles(child, limit);
            subtasks.add(t);
            t.fork();
        }
        List<String> found = new ArrayList<>();
        for (long size : dir.fileSizes()) {
            if (size > limit) {
                found.add(dir.name());
                break;
            }
        }
        for (BigFiles t : subtasks) {
            found.addAll(t.join());   // expect: B3
        }
        return found;
    }
}
