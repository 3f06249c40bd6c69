package edu.forkjoin.lessons;

import java.util.List;
import java.util.concurrent.RecursiveTask;

/** Lesson 4: lists. The halves are subList views of the parent's list, handed down the recursion. */
public class WordLengths extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;

    private final List<String> words;

    public WordLengths(List<String> words) {
        this.words = words;
    }

    @Override
    protected Long compute() {
        if (words.size() <= 64) {
            long total = 0;
            for (String w : words) {
                total += w.length();
            }
            return total;
        }
        int mid = words.size() / 2;
        WordLengths first = new WordLengths(words.subList(0, mid));   // expect: B2
        WordLengths second = new WordLengths(words.subList(mid, words.size()));   // expect: B2
        invokeAll(first, second);
        return first.join() + second.join();
    }
}
