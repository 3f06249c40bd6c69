package csst.proto;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/** A variant that forks its children from a helper method, called once per child. */
public class TreeTask extends RecursiveTask<Integer> {
    private static final long serialVersionUID = 1L;

    private final int depth;
    private final int fanOut;
    private final List<TreeTask> children = new ArrayList<>();

    public TreeTask(int depth, int fanOut) {
        this.depth = depth;
        this.fanOut = fanOut;
    }

    @Override
    protected Integer compute() {
        if (depth == 0) {
            return 1;
        }
        for (int i = 0; i < fanOut; i++) {   // expect: B4
            spawnChild();
        }
        int nodes = 1;
        for (TreeTask child : children) {
            nodes += child.join();
        }
        return nodes;
    }

    private void spawnChild() {
        TreeTask child = new TreeTask(depth - 1, fanOut);
        children.add(child);
        child.fork();
    }
}
