package dev.weft.cluster;

import java.io.Serializable;

/**
 * What every member of a run needs to take part: how to make a queue, how results combine, and the
 * protocol's settings. It travels once per member per run.
 *
 * @param queues makes an empty queue (which then takes a bag through {@link TaskQueue#merge})
 * @param reduction combines the queues' results
 * @param itemsPerStep the first {@code n} of {@link TaskQueue#process} (then adapted, see {@link StepSize})
 * @param stepNanos the time a step should take
 * @param randomSteals random steal requests an idle member sends before it registers on its lifelines
 * @param stealTimeoutMillis how long a thief waits for the answer to a random request
 */
record Job(Remote.Supplier<? extends TaskQueue<?, ?>> queues, Reduction<?> reduction, int itemsPerStep,
           long stepNanos, int randomSteals, long stealTimeoutMillis) implements Serializable {

    @SuppressWarnings("unchecked")
    TaskQueue<Serializable, Object> newQueue() {
        TaskQueue<Serializable, Object> q = (TaskQueue<Serializable, Object>) queues.get();
        if (q == null) {
            throw new NullPointerException("the queue factory returned null");
        }
        return q;
    }

    StepSize stepSize() {
        return new StepSize(itemsPerStep, stepNanos);
    }

    @SuppressWarnings("unchecked")
    Reduction<Object> reductionOfObjects() {
        return (Reduction<Object>) reduction;
    }
}
