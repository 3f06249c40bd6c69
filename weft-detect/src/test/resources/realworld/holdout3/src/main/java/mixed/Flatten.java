package mixed;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import java.util.stream.Collectors;

/** The leaves of a tree of lists, flattened: the children's results are streamed into one new list. */
public class Flatten extends RecursiveTask<List<String>> {
    private static final long serialVersionUID = 1L;

    private final Object node;

    public Flatten(Object node) {
        this.node = node;
    }

    @Override
    protected List<String> compute() {
        if (!(node instanceof List<?> children)) {
            return List.of(String.valueOf(node));
        }
        List<Flatten> tasks = new ArrayList<>();
        for (Object child : children) {
            tasks.add(new Flatten(child));
        }
        ForkJoinTask.invokeAll(tasks);
        return tasks.stream().map(ForkJoinTask::join).flatMap(List::stream).collect(Collectors.toList());   // expect: B3
    }
}
