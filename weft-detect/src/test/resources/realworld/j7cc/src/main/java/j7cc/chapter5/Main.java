package j7cc.chapter5;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

/** Runs recipe 2 and reports progress every second: the sleeps here are outside the pool. */
public class Main {
    public static void main(String[] args) throws InterruptedException {
        List<Product> products = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            products.add(new Product("Product " + i, 10));
        }
        ForkJoinPool pool = new ForkJoinPool();
        pool.execute(new PriceUpdateTask(products, 0, products.size(), 0.2));
        do {
            System.out.printf("Active threads: %d, steals: %d%n", pool.getActiveThreadCount(), pool.getStealCount());
            TimeUnit.SECONDS.sleep(1);
        } while (!pool.isQuiescent());
        pool.shutdown();
    }
}
