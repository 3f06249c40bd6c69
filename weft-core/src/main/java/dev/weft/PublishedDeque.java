package dev.weft;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The shared half of a worker's work: jobs its owner published because somebody was hungry. The owner
 * pushes and takes back at the top; thieves take the oldest at the base. It holds only published work,
 * so it is short (a few entries) and touched only on the rare path.
 *
 * <p>Protocol (PROTOCOL.md, "stealing"): a job is taken — by a thief in {@link #poll} or by the owner in
 * {@link #unpush} — by a CAS of its slot from the job to null; whoever wins the CAS owns the job, so a
 * job runs exactly once. {@code base} and {@code top} are only hints that locate the slots:
 * <ul>
 *   <li>The owner writes the slot, then {@code top}, with release stores; a thief reads {@code top} and
 *       the slot with acquire loads, so it sees the job's fields, which the owner wrote before.</li>
 *   <li>A thief advances {@code base} after winning a slot. Thieves take slots only at {@code base}, so
 *       slots are taken in index order, which {@link #grow} relies on.</li>
 *   <li>On growth the owner moves each entry with {@code getAndSet(null)}: an entry is either moved by
 *       the owner or taken by a thief, never both; thieves that still hold the old array find nulls
 *       and re-read.</li>
 * </ul>
 */
final class PublishedDeque {
    private static final int INITIAL_CAPACITY = 64;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Job[].class);
    private static final VarHandle BASE;
    private static final VarHandle TOP;
    private static final VarHandle ARRAY;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            BASE = l.findVarHandle(PublishedDeque.class, "base", int.class);
            TOP = l.findVarHandle(PublishedDeque.class, "top", int.class);
            ARRAY = l.findVarHandle(PublishedDeque.class, "array", Job[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // Thief-written base and owner-written top on separate cache lines.
    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06;
    private volatile int base;
    @SuppressWarnings("unused")
    private long p10, p11, p12, p13, p14, p15, p16;
    private int top;
    private Job[] array;
    /**
     * A planted fault, for the test that shows the model check catches a broken grow: entries are copied with a
     * plain read instead of {@code getAndSet(null)}, so a thief may take an entry the owner also moved.
     * Always false outside that test; read only on the rare growth path.
     */
    private final boolean plantedPlainGrow;

    PublishedDeque() {
        this(INITIAL_CAPACITY, false);
    }

    /** For tests: a deque with the given initial capacity (a power of two), to exercise growth. */
    PublishedDeque(int capacity) {
        this(capacity, false);
    }

    /** For tests: as {@link #PublishedDeque(int)}, with the planted fault of {@link #plantedPlainGrow} or not. */
    PublishedDeque(int capacity, boolean plantedPlainGrow) {
        if (Integer.bitCount(capacity) != 1 || capacity < 2) {
            throw new IllegalArgumentException("capacity must be a power of two >= 2: " + capacity);
        }
        array = new Job[capacity];
        this.plantedPlainGrow = plantedPlainGrow;
    }

    /** Whether the deque looks empty (a racy hint for thieves). */
    boolean isEmpty() {
        return (int) TOP.getAcquire(this) - base <= 0;
    }

    int size() {
        return Math.max(0, (int) TOP.getAcquire(this) - base);
    }

    /** Owner only: publishes {@code j}. */
    void push(Job j) {
        int t = top;
        Job[] a = array;
        if (t - base >= a.length - 1) {
            a = grow(a, t);
        }
        SLOT.setRelease(a, t & (a.length - 1), j);
        TOP.setRelease(this, t + 1);
    }

    private Job[] grow(Job[] old, int t) {
        int oldMask = old.length - 1;
        Job[] a = new Job[old.length << 1];
        int mask = a.length - 1;
        for (int k = t - 1; k >= t - old.length; k--) {
            Job x = plantedPlainGrow ? (Job) SLOT.getAcquire(old, k & oldMask)
                    : (Job) SLOT.getAndSet(old, k & oldMask, (Job) null);
            if (x == null) {
                break; // taken by thieves, and so is everything below it
            }
            a[k & mask] = x;
        }
        ARRAY.setRelease(this, a);
        return a;
    }

    /** Owner only: takes {@code j} back if it is the newest entry and no thief took it. */
    boolean unpush(Job j) {
        int t = top;
        Job[] a = array;
        int i = (t - 1) & (a.length - 1);
        if (t - base > 0 && SLOT.getAcquire(a, i) == j && SLOT.compareAndSet(a, i, j, (Job) null)) {
            TOP.setRelease(this, t - 1);
            return true;
        }
        return false;
    }

    /**
     * Any thread: takes the oldest job, or returns null if the deque is empty. Linearizable: the empty
     * answer is given only when {@code top} was read at or below {@code base}.
     *
     * <p>A null slot at {@code base} means another thread is between winning that slot and advancing
     * {@code base} (or the owner just took it back, or the array was replaced). This thread waits for
     * that to finish rather than advancing {@code base} itself: a thief that skipped a slot on a stale
     * view could hide a job the owner re-pushed there.
     */
    Job poll() {
        for (int spins = 0; ; spins++) {
            int b = base;
            int t = (int) TOP.getAcquire(this);
            if (t - b <= 0) {
                return null;
            }
            Job[] a = (Job[]) ARRAY.getAcquire(this);
            int i = b & (a.length - 1);
            Job j = (Job) SLOT.getAcquire(a, i);
            if (b != base) {
                continue;
            }
            if (j == null) {
                if ((spins & 63) == 63) {
                    Thread.yield(); // the other party may have been descheduled
                } else {
                    Thread.onSpinWait();
                }
                continue;
            }
            if (SLOT.compareAndSet(a, i, j, (Job) null)) {
                BASE.setVolatile(this, b + 1);
                return j;
            }
        }
    }

    /**
     * Like {@link #poll()}, but takes the oldest job only if a joiner may run it while it waits
     * ({@link Job#mayHelp}); otherwise returns null without taking anything. The test reads fields the
     * publisher wrote before its release store of the slot, so the acquire load of the slot makes them
     * visible; the slot CAS still decides who owns the job.
     */
    Job pollIf(Worker publisher, int minSlot, Finish scope) {
        for (int spins = 0; ; spins++) {
            int b = base;
            int t = (int) TOP.getAcquire(this);
            if (t - b <= 0) {
                return null;
            }
            Job[] a = (Job[]) ARRAY.getAcquire(this);
            int i = b & (a.length - 1);
            Job j = (Job) SLOT.getAcquire(a, i);
            if (b != base) {
                continue;
            }
            if (j == null) {
                if ((spins & 63) == 63) {
                    Thread.yield();
                } else {
                    Thread.onSpinWait();
                }
                continue;
            }
            if (!j.mayHelp(publisher, minSlot, scope)) {
                return null;
            }
            if (SLOT.compareAndSet(a, i, j, (Job) null)) {
                BASE.setVolatile(this, b + 1);
                return j;
            }
        }
    }
}
