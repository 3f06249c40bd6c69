package calls;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bottlenecks behind calls: joined results copied in a helper, a pool behind an interface, a JDK class's hidden
 * lock, a spin on an atomic, forks made by a helper called once per iteration.
 */
public class ThroughCalls {

    /** The joined results are copied in a helper, which receives them as parameters. */
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
            Filter l = new Filter(xs.subList(0, xs.size() / 2));   // expect: B2
            Filter r = new Filter(xs.subList(xs.size() / 2, xs.size()));   // expect: B2
            invokeAll(l, r);
            return concat(l.join(), r.join());   // expect: B3
        }

        private static List<Integer> concat(List<Integer> a, List<Integer> b) {
            List<Integer> out = new ArrayList<>(a.size() + b.size());
            out.addAll(a);   // expect: B3
            out.addAll(b);   // expect: B3
            return out;
        }
    }

    /** Jobs go to a pool behind an interface: the call is followed to the implementation. */
    interface Jobs {
        void schedule(Runnable job);
    }

    static final class PoolJobs implements Jobs {
        private final Executor pool = ForkJoinPool.commonPool();

        @Override
        public void schedule(Runnable job) {
            pool.execute(job);   // expect: B1
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
            log.append("spawned\n");   // expect: B5
            while (ready.get() == 0) {   // expect: B6
                Thread.yield();
            }
            for (int i = 0; i < 4; i++) {   // expect: B4
                spawn(i);
            }
            return ready.get();
        }

        private void spawn(int i) {
            new Spawner(jobs, log, ready).fork();
        }
    }
}
