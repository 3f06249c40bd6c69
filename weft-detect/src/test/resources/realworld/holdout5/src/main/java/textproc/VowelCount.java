package textproc;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Counts the vowels of a text by halving it. */
public class VowelCount extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;
    private static final int LEAF = 10_000;

    private final String text;

    public VowelCount(String text) {
        this.text = text;
    }

    @Override
    protected Long compute() {
        if (text.length() <= LEAF) {
            long n = 0;
            for (int i = 0; i < text.length(); i++) {
                if ("aeiouAEIOU".indexOf(text.charAt(i)) >= 0) {
                    n++;
                }
            }
            return n;
        }
        int mid = text.length() / 2;
        VowelCount left = new VowelCount(text.substring(0, mid));   // expect: B2
        VowelCount right = new VowelCount(text.substring(mid));   // expect: B2
        left.fork();
        return right.compute() + left.join();
    }

    public static long count(String text) {
        return ForkJoinPool.commonPool().invoke(new VowelCount(text));
    }
}
