package b3;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;
import java.util.function.Predicate;

/** Figure 6 of the paper (cq4j): the halves are views, but the results are merged by copying. */
public class RecursiveFilteringTask<T> extends RecursiveTask<List<T>> {
    private static final int FORK_SIZE = 256;
    private final Predicate<T> filter;
    private final List<T> dataSource;

    public RecursiveFilteringTask(Predicate<T> filter, List<T> dataSource) {
        this.filter = filter;
        this.dataSource = dataSource;
    }

    @Override
    protected List<T> compute() {
        int size = dataSource.size();
        if (size < FORK_SIZE) {
            return computeDirectly();
        } else {
            List<T> result = new ArrayList<T>();
            int mid = size / 2;
            RecursiveFilteringTask<T> first = new RecursiveFilteringTask<T>(filter, dataSource.subList(0, mid));   // expect: B2
            first.fork();
            RecursiveFilteringTask<T> second = new RecursiveFilteringTask<T>(filter, dataSource.subList(mid, size));   // expect: B2
            second.fork();
            result.addAll(first.join());   // expect: B3
            result.addAll(second.join());   // expect: B3
            return result;
        }
    }

    private List<T> computeDirectly() {
        List<T> out = new ArrayList<>();
        for (T t : dataSource) {
            if (filter.test(t)) {
                out.add(t);
            }
        }
        return out;
    }
}
