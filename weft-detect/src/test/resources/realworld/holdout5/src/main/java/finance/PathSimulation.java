package finance;

import java.util.Random;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Monte Carlo pricing of a European call: paths simulated in parallel, payoffs summed at the joins. On JDK 25,
 * ThreadLocalRandom does not override Random.nextGaussian(), which is synchronized, and current() returns one
 * instance shared by all threads: its nextGaussian() takes a lock too.
 */
public class PathSimulation extends RecursiveTask<Double> {
    private static final long serialVersionUID = 1L;

    private final int paths;
    private final double spot;
    private final double strike;
    private final double vol;
    private final Random shared;

    public PathSimulation(int paths, double spot, double strike, double vol, Random shared) {
        this.paths = paths;
        this.spot = spot;
        this.strike = strike;
        this.vol = vol;
        this.shared = shared;
    }

    @Override
    protected Double compute() {
        if (paths <= 1000) {
            double sum = 0;
            for (int p = 0; p < paths; p++) {
                double z = shared != null ? shared.nextGaussian()   // expect: B5
                        : ThreadLocalRandom.current().nextGaussian();   // expect: B5
                double end = spot * Math.exp(-0.5 * vol * vol + vol * z);
                sum += Math.max(end - strike, 0);
            }
            return sum;
        }
        int half = paths / 2;
        PathSimulation a = new PathSimulation(half, spot, strike, vol, shared);
        PathSimulation b = new PathSimulation(paths - half, spot, strike, vol, shared);
        a.fork();
        return b.compute() + a.join();
    }
}
