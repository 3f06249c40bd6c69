package b4;

import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import java.util.function.BinaryOperator;
import java.util.function.IntFunction;

/** Figure 8 of the paper (CSSTProto): each iteration creates a subtask and forks it. */
public class CsstProto<R> extends RecursiveTask<R> {
    private final int from;
    private final int len;
    private final IntFunction<R> leaf;
    private final BinaryOperator<R> merge;

    public CsstProto(int from, int len, IntFunction<R> leaf, BinaryOperator<R> merge) {
        this.from = from;
        this.len = len;
        this.leaf = leaf;
        this.merge = merge;
    }

    RecursiveTask<R> createTask(int start) {
        return new RecursiveTask<R>() {
            @Override
            protected R compute() {
                return leaf.apply(start);
            }
        };
    }

    @Override
    protected R compute() {
        if (len == 1) {
            RecursiveTask<R> task = createTask(from);
            return task.invoke();
        } else {
            @SuppressWarnings("unchecked")
            ForkJoinTask<R>[] tasks = new ForkJoinTask[len];
            for (int i = 0; i < len; i++) {   // expect: B4
                ForkJoinTask<R> task = createTask(from + i);
                task.fork();
                tasks[i] = task;
            }
            R result = tasks[0].join();
            tasks[0] = null;
            for (int i = 1; i < len; i++) {
                R next = tasks[i].join();
                tasks[i] = null;
                result = merge.apply(result, next);
            }
            return result;
        }
    }
}
