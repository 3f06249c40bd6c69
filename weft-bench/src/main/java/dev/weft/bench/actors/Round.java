package dev.weft.bench.actors;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * One timed run of a kernel: the actors report their message counts and payload sums here at the end, and
 * the run waits until every expected report has arrived. Reports are a handful per run, off the hot path.
 */
final class Round {
    private final CountDownLatch reports;
    private final AtomicLong count = new AtomicLong();
    private final AtomicLong sum = new AtomicLong();
    /** One-hop latencies in nanoseconds (single-ping only), recorded by the actors of one pair in turn. */
    final Histogram latency;

    Round(int reports, boolean latency) {
        this.reports = new CountDownLatch(reports);
        this.latency = latency ? new Histogram(3) : null;
    }

    void report(long messages, long payloadSum) {
        count.addAndGet(messages);
        sum.addAndGet(payloadSum);
        reports.countDown();
    }

    /** Waits for every report; a generous bound turns a hang into an error naming what is missing. */
    Tally await(String what) throws InterruptedException {
        if (!reports.await(10, TimeUnit.MINUTES)) {
            throw new IllegalStateException(what + ": " + reports.getCount() + " actors never reported (a lost message?)");
        }
        return new Tally(count.get(), sum.get());
    }

    /** The result of a run: messages the actors handled and the sum of their payloads. */
    record Tally(long messages, long payloadSum) {
    }
}
