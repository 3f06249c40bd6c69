package fix;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A weighted sum over the words of a list; the halves are subList views handed down the recursion. */
public class ListSum extends RecursiveTask<Long> {
    private final List<String> words;

    ListSum(List<String> words) {
        this.words = words;
    }

    @Override
    protected Long compute() {
        if (words.isEmpty()) {
            return 0L;
        }
        if (words.size() <= 40) {
            long total = 0;
            int position = 0;
            for (String w : words) {
                total += (long) w.length() * (position++ % 5 + 1);   // weighted by position within the part
            }
            long longest = words.stream().mapToInt(String::length).max().orElse(0);
            long shortInFirstHalf = words.subList(0, words.size() / 2).stream().filter(w -> w.length() < 4).count();
            return total * 31 + longest + shortInFirstHalf + (words.contains("w7") ? 1 : 0)
                    + words.get(words.size() - 1).length();
        }
        int half = words.size() / 2;
        ListSum left = new ListSum(words.subList(0, half));   /* the first half */
        ListSum right = new ListSum(words.subList(half, words.size()));
        left.fork();
        long r = right.compute();
        return left.join() * 17 + r;
    }

    /* Everything below is left alone by --fix. */
    public static String run() {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            words.add("w" + (i * 7919 % 211));
        }
        try (ForkJoinPool pool = new ForkJoinPool(2)) {
            return String.valueOf(pool.invoke(new ListSum(words)));
        }
    }
}
