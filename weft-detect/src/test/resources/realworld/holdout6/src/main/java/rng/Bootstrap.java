package rng;

import java.util.Random;
import java.util.concurrent.RecursiveTask;

/**
 * Bootstrap estimates of a mean: each replicate draws from a generator made for it, seeded from its index, so
 * that runs repeat. A jitter option shares one generator, as the first version did.
 */
public class Bootstrap extends RecursiveTask<double[]> {
    private static final long serialVersionUID = 1L;

    private final double[] sample;
    private final int first;
    private final int count;
    private final Random jitter;

    public Bootstrap(double[] sample, int first, int count, Random jitter) {
        this.sample = sample;
        this.first = first;
        this.count = count;
        this.jitter = jitter;
    }

    @Override
    protected double[] compute() {
        if (count == 1) {
            Random r = Generators.make(first * 7919L);
            double sum = 0;
            for (int i = 0; i < sample.length; i++) {
                sum += sample[r.nextInt(sample.length)];
            }
            double noise = jitter == null ? 0 : jitter.nextGaussian() * 1e-9;   // expect: B5
            return new double[] {sum / sample.length + noise + r.nextGaussian() * 0};
        }
        int half = count / 2;
        Bootstrap left = new Bootstrap(sample, first, half, jitter);
        left.fork();
        double[] right = new Bootstrap(sample, first + half, count - half, jitter).compute();
        double[] l = left.join();
        double[] all = new double[l.length + right.length];   // expect: B3
        for (int i = 0; i < l.length; i++) {
            all[i] = l[i];
        }
        for (int i = 0; i < right.length; i++) {
            all[l.length + i] = right[i];
        }
        return all;
    }
}
