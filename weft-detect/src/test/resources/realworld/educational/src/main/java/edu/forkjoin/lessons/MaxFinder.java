package edu.forkjoin.lessons;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Lesson 2: the maximum of an array, divide and conquer. */
public class MaxFinder extends RecursiveTask<Integer> {
    private static final long serialVersionUID = 1L;
    static final int SEQUENTIAL_THRESHOLD = 1000;

    private final int[] data;

    public MaxFinder(int[] data) {
        this.data = data;
    }

    @Override
    protected Integer compute() {
        if (data.length < SEQUENTIAL_THRESHOLD) {
            int max = Integer.MIN_VALUE;
            for (int value : data) {
                max = Math.max(max, value);
            }
            return max;
        } else {
            int mid = data.length / 2;
            MaxFinder left = new MaxFinder(Arrays.copyOfRange(data, 0, mid));   // expect: B2
            MaxFinder right = new MaxFinder(Arrays.copyOfRange(data, mid, data.length));   // expect: B2
            left.fork();
            int rightMax = right.compute();
            return Math.max(left.join(), rightMax);
        }
    }

    public static void main(String[] args) {
        int[] data = new java.util.Random(42).ints(1_000_000).toArray();
        System.out.println(new ForkJoinPool().invoke(new MaxFinder(data)));
    }
}
