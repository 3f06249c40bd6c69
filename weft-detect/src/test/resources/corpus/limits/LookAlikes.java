package limits;

import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RecursiveTask;

/**
 * Code that is fine and looks like a bottleneck: an isDone() that is no task's, an inline executor (both told
 * apart), and a synchronized block in dead code, which the detector still reports.
 */
public class LookAlikes {
    static final boolean DEBUG = false;

    /** A parser with an isDone() that has nothing to do with tasks: stepping it is the work, not a spin. */
    static final class Tokens {
        private final Iterator<String> it;

        Tokens(List<String> words) {
            this.it = words.iterator();
        }

        boolean isDone() {
            return !it.hasNext();
        }

        String step() {
            return it.next();
        }
    }

    static final class CountWords extends RecursiveTask<Integer> {
        private final List<String> words;

        CountWords(List<String> words) {
            this.words = words;
        }

        @Override
        protected Integer compute() {
            Tokens t = new Tokens(words);
            int n = 0;
            while (!t.isDone()) {
                n += t.step().isEmpty() ? 0 : 1;
            }
            if (DEBUG) {
                synchronized (LookAlikes.class) {   // false-alarm: B5
                    System.err.println(n);
                }
            }
            Executor inline = Runnable::run;
            return CompletableFuture.supplyAsync(() -> words.size(), inline).join() * 0 + n;
        }
    }
}
