package b4;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/** Sums file sizes of a directory tree, forking one subtask per child as it goes. */
public class DirectorySize extends RecursiveTask<Long> {
    private final Node dir;

    DirectorySize(Node dir) {
        this.dir = dir;
    }

    @Override
    protected Long compute() {
        long size = dir.size;
        List<DirectorySize> subtasks = new ArrayList<>();
        for (Node child : dir.children) {   // expect: B4
            DirectorySize t = new DirectorySize(child);
            t.fork();
            subtasks.add(t);
        }
        for (DirectorySize t : subtasks) {
            size += t.join();
        }
        return size;
    }

    /** Chunks a range with a while loop; each chunk is forked as soon as it is made. */
    static final class Chunks extends RecursiveTask<Long> {
        private final long[] data;
        private final int lo;
        private final int hi;

        Chunks(long[] data, int lo, int hi) {
            this.data = data;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= 4096) {
                long s = 0;
                for (int i = lo; i < hi; i++) {
                    s += data[i];
                }
                return s;
            }
            List<ForkJoinTask<Long>> parts = new ArrayList<>();
            int start = lo;
            while (start < hi) {   // expect: B4
                int end = Math.min(hi, start + 4096);
                parts.add(new Chunks(data, start, end).fork());
                start = end;
            }
            long s = 0;
            for (ForkJoinTask<Long> p : parts) {
                s += p.join();
            }
            return s;
        }
    }

    record Node(long size, List<Node> children) {
    }
}
