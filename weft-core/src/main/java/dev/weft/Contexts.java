package dev.weft;

/**
 * A pool's registered {@link ContextCarrier}s, applied together: capture on the thread that hands a job
 * off, restore around its run on the worker that takes it (PROTOCOL.md, "Context that follows stolen
 * work"). A pool without carriers has none of these (its {@code contexts} field is null), so every hook
 * costs one null test there. {@link ContextCarrier.Binding} carriers are captured like the others but
 * are not restored: they bind their state around the run instead ({@link #runBound}).
 */
final class Contexts {
    private final ContextCarrier<Object>[] carriers;
    /** Indexes into {@link #carriers} of the {@link ContextCarrier.Binding}s, in registration order; null if none. */
    private final int[] bindings;

    @SuppressWarnings("unchecked")
    Contexts(ContextCarrier<?>[] carriers) {
        this.carriers = (ContextCarrier<Object>[]) carriers.clone();
        int n = 0;
        for (ContextCarrier<?> c : carriers) {
            if (c instanceof ContextCarrier.Binding<?>) {
                n++;
            }
        }
        int[] b = null;
        if (n > 0) {
            b = new int[n];
            n = 0;
            for (int i = 0; i < carriers.length; i++) {
                if (carriers[i] instanceof ContextCarrier.Binding<?>) {
                    b[n++] = i;
                }
            }
        }
        this.bindings = b;
    }

    /** Every carrier's state on the calling thread, in registration order. */
    Object[] capture() {
        ContextCarrier<Object>[] cs = carriers;
        Object[] s = new Object[cs.length];
        for (int i = 0; i < cs.length; i++) {
            s[i] = cs[i].capture();
        }
        return s;
    }

    /**
     * Installs {@code states} on the calling thread; returns what was there, for {@link #restore}.
     * Bindings are left out both ways: their state is applied by {@link #runBound}, and ends with it. If a
     * carrier throws while installing, the thread's own context is put back before the failure is thrown
     * (the caller gets nothing to restore it from): the carriers installed before the one that threw would
     * otherwise keep the job's context on the worker, for the rest of a helping joiner's run or the next job.
     */
    Object[] enter(Object[] states) {
        ContextCarrier<Object>[] cs = carriers;
        Object[] before = new Object[cs.length];
        for (int i = 0; i < cs.length; i++) {
            if (!(cs[i] instanceof ContextCarrier.Binding<?>)) {
                before[i] = cs[i].capture();
            }
        }
        try {
            restore(states);
        } catch (RuntimeException e) {
            try {
                restore(before);
            } catch (RuntimeException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
        return before;
    }

    /**
     * Installs {@code states}. A carrier that throws does not keep the others from being restored: the
     * first failure is rethrown after all of them ran, so no context leaks into the next job.
     */
    void restore(Object[] states) {
        ContextCarrier<Object>[] cs = carriers;
        RuntimeException failure = null;
        for (int i = 0; i < cs.length; i++) {
            if (cs[i] instanceof ContextCarrier.Binding<?>) {
                continue;
            }
            try {
                cs[i].restore(states[i]);
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Whether any carrier is a {@link ContextCarrier.Binding}: then a job's run goes through {@link #runBound}. */
    boolean binds() {
        return bindings != null;
    }

    /** Runs {@code run} inside every binding's {@code runWith} of its state in {@code states}, the first outermost. */
    void runBound(Object[] states, Runnable run) {
        runBound(states, 0, run);
    }

    private void runBound(Object[] states, int k, Runnable run) {
        if (k == bindings.length) {
            run.run();
            return;
        }
        int i = bindings[k];
        ((ContextCarrier.Binding<Object>) carriers[i]).runWith(states[i], () -> runBound(states, k + 1, run));
    }
}
