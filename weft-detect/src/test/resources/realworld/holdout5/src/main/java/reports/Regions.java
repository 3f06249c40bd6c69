package reports;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import jsr166e.LongAdder;
import jsr166y.RecursiveTask;

/** Collects the names of the regions over a sales threshold; counts the sales examined on the side. */
public class Regions extends RecursiveTask<String[]> {
    private static final long serialVersionUID = 1L;

    private final String[] names;
    private final long[] sales;
    private final int lo;
    private final int hi;
    private final long threshold;
    private final LongAdder examined;

    public Regions(String[] names, long[] sales, int lo, int hi, long threshold, LongAdder examined) {
        this.names = names;
        this.sales = sales;
        this.lo = lo;
        this.hi = hi;
        this.threshold = threshold;
        this.examined = examined;
    }

    @Override
    protected String[] compute() {
        if (hi - lo <= 64) {
            List<String> over = new ArrayList<String>();
            for (int i = lo; i < hi; i++) {
                examined.increment();
                if (sales[i] > threshold) {
                    over.add(names[i]);
                }
            }
            return over.toArray(new String[0]);
        }
        int mid = (lo + hi) >>> 1;
        Regions left = new Regions(names, sales, lo, mid, threshold, examined);
        Regions right = new Regions(names, sales, mid, hi, threshold, examined);
        invokeAll(left, right);
        List<String> all = new ArrayList<String>();
        Collections.addAll(all, left.join());   // expect: B3
        Collections.addAll(all, right.join());   // expect: B3
        return all.toArray(new String[0]);   // expect: B3
    }
}
