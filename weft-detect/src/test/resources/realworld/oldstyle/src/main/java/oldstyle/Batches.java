package oldstyle;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/** Pre-lambda style: an anonymous task per batch, created and forked as the loop goes. */
public final class Batches {
    private Batches() {
    }

    public static long checksum(final byte[][] batches) {
        return new ForkJoinPool().invoke(new RecursiveTask<Long>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected Long compute() {
                List<ForkJoinTask<Long>> running = new ArrayList<ForkJoinTask<Long>>();
                for (final byte[] batch : batches) {   // expect: B4
                    ForkJoinTask<Long> t = new RecursiveTask<Long>() {
                        private static final long serialVersionUID = 1L;

                        @Override
                        protected Long compute() {
                            long h = 0;
                            for (byte b : batch) {
                                h = h * 31 + b;
                            }
                            return h;
                        }
                    };
                    t.fork();
                    running.add(t);
                }
                long sum = 0;
                for (ForkJoinTask<Long> t : running) {
                    sum += t.join();
                }
                return sum;
            }
        });
    }
}
