package fix;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** The longest word of a list; both halves are copied into new lists at every split. */
public class Longest extends RecursiveTask<String> {
    private final List<String> words;

    Longest(List<String> words) {
        this.words = words;
    }

    @Override
    protected String compute() {
        if (words.size() <= 50) {
            String best = "";
            for (String w : words) {
                if (w.length() > best.length()) {
                    best = w;
                }
            }
            return best;
        }
        int mid = words.size() / 2;
        Longest first = new Longest(new ArrayList<>(words.subList(0, mid)));
        List<String> rest = List.copyOf(words.subList(mid, words.size()));
        first.fork();
        String second = new Longest(rest).compute();
        String one = first.join();
        return one.length() >= second.length() ? one : second;
    }

    public static String run() {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            words.add("w".repeat(i * 7919 % 97) + i);
        }
        try (ForkJoinPool pool = new ForkJoinPool(2)) {
            return pool.invoke(new Longest(words));
        }
    }
}
