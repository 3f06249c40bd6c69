package dev.weft;

/**
 * A pool's registered {@link ContextCarrier}s, applied together: capture on the thread that hands a job
 * off, restore around its run on the worker that takes it (PROTOCOL.md, "Context that follows stolen
 * work"). A pool without carriers has none of these (its {@code contexts} field is null), so every hook
 * costs one null test there.
 */
final class Contexts {
    private final ContextCarrier<Object>[] carriers;

    @SuppressWarnings("unchecked")
    Contexts(ContextCarrier<?>[] carriers) {
        this.carriers = (ContextCarrier<Object>[]) carriers.clone();
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

    /** Installs {@code states} on the calling thread; returns what was there, for {@link #restore}. */
    Object[] enter(Object[] states) {
        Object[] before = capture();
        restore(states);
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
}
