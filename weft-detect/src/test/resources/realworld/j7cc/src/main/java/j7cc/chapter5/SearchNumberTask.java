package j7cc.chapter5;

import java.util.concurrent.RecursiveTask;

/** Recipe 6: looks for a number in an array; each check pretends to be slow. */
public class SearchNumberTask extends RecursiveTask<Integer> {
    private static final long serialVersionUID = 1L;

    private final int[] numbers;
    private final int start;
    private final int end;
    private final int number;

    public SearchNumberTask(int[] numbers, int start, int end, int number) {
        this.numbers = numbers;
        this.start = start;
        this.end = end;
        this.number = number;
    }

    @Override
    protected Integer compute() {
        if (end - start > 10) {
            int mid = (start + end) / 2;
            SearchNumberTask a = new SearchNumberTask(numbers, start, mid, number);
            SearchNumberTask b = new SearchNumberTask(numbers, mid, end, number);
            invokeAll(a, b);
            int r = a.join();
            return r != -1 ? r : b.join();
        }
        for (int i = start; i < end; i++) {
            if (numbers[i] == number) {
                return i;
            }
            try {
                Thread.sleep(1);   // expect: B6
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }
        return -1;
    }
}
