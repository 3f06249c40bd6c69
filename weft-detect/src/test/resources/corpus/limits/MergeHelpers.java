package limits;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicInteger;

/** Real bottlenecks the detector does not see: the data flow or the call goes through what it cannot follow. */
public class MergeHelpers {

    /** The joined results are copied in a helper; the detector does not track join results into parameters. */
    static final class Filter extends RecursiveTask<List<Integer>> {
        private final List<Integer> xs;

        Filter(List<Integer> xs) {
            this.xs = xs;
        }

        @Override
        protected List<Integer> compute() {
            if (xs.size() < 100) {
                return xs.stream().filter(x -> x % 3 == 0).toList();
            }
            Filter l = new Filter(xs.subList(0, xs.size() / 2));
            Filter r = new Filter(xs.subList(xs.size() / 2, xs.size()));
            invokeAll(l, r);
            return concat(l.join(), r.join());
        }

        private static List<Integer> concat(List<Integer> a, List<Integer> b) {
            List<Integer> out = new ArrayList<>(a.size() + b.size());
            out.addAll(a);   // miss: B3
            out.addAll(b);   // miss: B3
            return out;
        }
    }

    /** Jobs go to a pool behind an interface; calls through interfaces are not followed. */
    interface Jobs {
        void schedule(Runnable job);
    }

    static final class PoolJobs implements Jobs {
        private final Executor pool = ForkJoinPool.commonPool();

        @Override
        public void schedule(Runnable job) {
            pool.execute(job);   // miss: B1
        }
    }

    static final class Spawner extends RecursiveTask<Integer> {
        private final Jobs jobs;
        private final StringBuffer log;
        private final AtomicInteger ready;

        Spawner(Jobs jobs, StringBuffer log, AtomicInteger ready) {
            this.jobs = jobs;
            this.log = log;
            this.ready = ready;
        }

        @Override
        protected Integer compute() {
            jobs.schedule(() -> ready.incrementAndGet());
            log.append("spawned\n");   // miss: B5
            while (ready.get() == 0) {   // miss: B6
                Thread.yield();
            }
            for (int i = 0; i < 4; i++) {   // miss: B4
                spawn(i);
            }
            return ready.get();
        }

        private void spawn(int i) {
            new Spawner(jobs, log, ready).fork();
        }
    }
}
