package legacy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import jsr166y.ForkJoinPool;
import jsr166y.RecursiveTask;

/** Searches records for a key on the Java 6 fork/join preview; stops early once one task finds it. */
public class RecordSearch extends RecursiveTask<Integer> {
    private static final long serialVersionUID = 1L;

    private final List<String> records;
    private final int offset;
    private final String key;
    private final AtomicBoolean found;

    public RecordSearch(List<String> records, int offset, String key, AtomicBoolean found) {
        this.records = records;
        this.offset = offset;
        this.key = key;
        this.found = found;
    }

    @Override
    protected Integer compute() {
        if (found.get()) {
            return -1;
        }
        if (records.size() <= 500) {
            for (int i = 0; i < records.size(); i++) {
                if (records.get(i).equals(key)) {
                    found.set(true);
                    return offset + i;
                }
            }
            return -1;
        }
        int mid = records.size() / 2;
        RecordSearch first = new RecordSearch(new ArrayList<String>(records.subList(0, mid)), offset, key, found);   // expect: B2
        RecordSearch second = new RecordSearch(new ArrayList<String>(records.subList(mid, records.size())), offset + mid, key, found);   // expect: B2
        first.fork();
        int r = second.compute();
        int l = first.join();
        return l >= 0 ? l : r;
    }

    public static int search(List<String> records, String key) {
        return new ForkJoinPool().invoke(new RecordSearch(records, 0, key, new AtomicBoolean()));
    }
}
