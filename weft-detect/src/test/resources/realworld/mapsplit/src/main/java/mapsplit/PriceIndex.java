package mapsplit;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.RecursiveTask;

/** The total value of a price map, split by copying each half of its entries into a new map. */
public class PriceIndex extends RecursiveTask<Double> {
    private static final long serialVersionUID = 1L;

    private final Map<String, Double> prices;

    public PriceIndex(Map<String, Double> prices) {
        this.prices = prices;
    }

    @Override
    protected Double compute() {
        if (prices.size() <= 100) {
            double total = 0;
            for (double p : prices.values()) {
                total += p;
            }
            return total;
        }
        Map<String, Double> low = new HashMap<>();   // expect: B2
        Map<String, Double> high = new HashMap<>();   // expect: B2
        int i = 0;
        for (Map.Entry<String, Double> e : prices.entrySet()) {
            (i++ % 2 == 0 ? low : high).put(e.getKey(), e.getValue());
        }
        PriceIndex a = new PriceIndex(low);
        a.fork();
        return new PriceIndex(high).compute() + a.join();
    }
}
