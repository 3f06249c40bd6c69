package dev.weft.actors;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.LockSupport;

/**
 * The actor system's scheduler: one daemon thread and a hashed timing wheel (Varghese and Lauck 1987) of
 * {@value #SLOTS} slots of one {@value #TICK_NANOS}-nanosecond tick, which times out asks, sends actors
 * their timers' messages and ends backoff waits. PROTOCOL.md, "Timers", gives the design; in short:
 *
 * <ul>
 *   <li>Scheduling pushes the entry (it is its own node: no allocation) onto a lock-free stack, {@link
 *       #incoming}, and wakes the thread only if the entry is due before the thread planned to wake ({@link
 *       #wakeAt}). A burst of asks with the same timeout wakes it once.
 *   <li>Cancelling is a CAS on the entry's state; a cancelled entry is also pushed onto {@link #cancelled},
 *       and the thread unlinks it from its slot when it next wakes (within one turn of the wheel), so that
 *       answered asks with long timeouts do not pile up.
 *   <li>Only the thread touches the slots ({@link #slots}, the entries' {@code prev}, {@code next},
 *       {@code tick}): no locks. It sleeps until the next occupied slot, or indefinitely when none is.
 *   <li>It never dies of an error: what an entry or the wheel itself throws (an OutOfMemoryError included) is
 *       reported and the loop goes on, and a thread found dead is replaced on the next {@link #schedule}.
 * </ul>
 */
final class TimerWheel {
    static final long TICK_NANOS = 1_000_000L;
    static final int SLOTS = 512;
    private static final int MASK = SLOTS - 1;

    private static final VarHandle INCOMING;
    private static final VarHandle CANCELLED;
    private static final VarHandle STATE;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            INCOMING = l.findVarHandle(TimerWheel.class, "incoming", Entry.class);
            CANCELLED = l.findVarHandle(TimerWheel.class, "cancelled", Entry.class);
            STATE = l.findVarHandle(Entry.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Something to do at a deadline. Subclasses are the asks, the actors' timers and backoff waits; each
     * entry is scheduled at most once (a periodic one is re-armed by the wheel itself).
     */
    abstract static class Entry {
        static final int NEW = 0;
        static final int PENDING = 1;
        /** Expiring now, or done (a single entry stays here). */
        static final int FIRED = 2;
        static final int CANCELLED = 3;

        volatile int state;
        /** nanoTime due; written before the entry is published by the push onto {@link #incoming}. */
        long deadline;
        /** Links of the two stacks, written before the push that publishes them. */
        Entry nextIncoming;
        Entry nextCancelled;
        /** The slot list and the tick due; the wheel thread's alone. slot < 0: not in a slot. */
        Entry prev;
        Entry next;
        int slot = -1;
        long tick;

        /**
         * Runs on the wheel's thread when due; must be short (send a message, hand a task to a pool). Returns
         * the next deadline (nanoTime) to run again, or -1.
         */
        abstract long expire(long now);

        /** The wheel closed with this entry pending; the default does nothing. */
        void onClose() {
        }

        /** Whether it is scheduled and neither expired nor cancelled. */
        final boolean isPending() {
            return state == PENDING;
        }
    }

    private final String threadName;
    private final long origin = System.nanoTime();
    /** Entries scheduled and not yet placed in a slot (a Treiber stack). */
    private volatile Entry incoming;
    /** Cancelled entries the thread has not unlinked yet (a Treiber stack). */
    private volatile Entry cancelled;
    /** When the thread plans to wake: Long.MAX_VALUE parked for good, Long.MIN_VALUE awake (running). */
    private volatile long wakeAt = Long.MIN_VALUE;
    private volatile boolean closed;
    private volatile Thread thread;

    // The thread's alone.
    private final Entry[] slots = new Entry[SLOTS];
    /** The next tick to expire. */
    private long cursor;
    /** Entries in the slots. */
    private int count;

    TimerWheel(String threadName) {
        this.threadName = threadName;
    }

    /**
     * Schedules {@code e} (a NEW entry) to expire after {@code delayNanos}.
     *
     * @throws RejectedExecutionException if the wheel is closed (the entry stays NEW)
     */
    void schedule(Entry e, long delayNanos) {
        if (closed) {
            throw new RejectedExecutionException("the actor system is closed");
        }
        long now = System.nanoTime();
        long d = Math.max(delayNanos, 0);
        e.deadline = now + d < now ? Long.MAX_VALUE : now + d;
        e.state = Entry.PENDING; // published by the push below
        for (;;) {
            Entry h = incoming;
            e.nextIncoming = h;
            if (INCOMING.compareAndSet(this, h, e)) {
                break;
            }
        }
        Thread t = thread;
        if (t == null || !t.isAlive()) {
            t = start();
        }
        // The push and this read are both sequentially consistent; the thread writes wakeAt and then reads
        // incoming before it parks: one of us sees the other (PROTOCOL.md, "Timers").
        if (e.deadline < wakeAt) {
            LockSupport.unpark(t);
        }
        if (closed && STATE.compareAndSet(e, Entry.PENDING, Entry.CANCELLED)) {
            // close() ran after our first look; its thread may have made its last pass before our push.
            e.onClose();
        }
    }

    /** Cancels {@code e}: true if it was pending (it will not expire again). */
    boolean cancel(Entry e) {
        for (;;) {
            int s = e.state;
            if (s == Entry.CANCELLED || s == Entry.NEW) {
                return false;
            }
            // FIRED: a periodic entry being re-armed, or a single one that is done; either way it must not
            // be re-armed now.
            if (STATE.compareAndSet(e, s, Entry.CANCELLED)) {
                if (s == Entry.PENDING) {
                    for (;;) {
                        Entry h = cancelled;
                        e.nextCancelled = h;
                        if (CANCELLED.compareAndSet(this, h, e)) {
                            break;
                        }
                    }
                }
                return s == Entry.PENDING;
            }
        }
    }

    private synchronized Thread start() {
        Thread t = thread;
        if (t != null && t.isAlive()) {
            return t;
        }
        t = new Thread(this::run, threadName);
        t.setDaemon(true);
        thread = t;
        t.start();
        return t;
    }

    /**
     * Stops the thread; entries still pending get {@link Entry#onClose()} (on the wheel's thread, or here if
     * it is gone), and later {@link #schedule} calls are rejected.
     */
    void close() {
        closed = true;
        Thread t;
        synchronized (this) {
            t = thread;
        }
        if (t == null) {
            closeAll(); // never started: entries can only be in incoming
            return;
        }
        LockSupport.unpark(t);
        if (t != Thread.currentThread()) {
            try {
                t.join(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (!t.isAlive()) {
                closeAll(); // already done by the thread, unless it died: then its slots are ours
            }
        }
    }

    private void run() {
        for (;;) {
            try {
                if (closed) {
                    closeAll();
                    return;
                }
                wakeAt = Long.MIN_VALUE;
                long now = System.nanoTime();
                long nowTick = (now - origin) / TICK_NANOS;
                unlinkCancelled();
                if (count == 0 && cursor < nowTick) {
                    cursor = nowTick; // nothing in the slots: skip the ticks it slept through
                }
                placeIncoming();
                while (cursor <= nowTick) {
                    expireSlot(cursor, now);
                    cursor++;
                }
                long wake = nextWake();
                wakeAt = wake;
                if (incoming != null || closed) {
                    continue; // pushed after placeIncoming: place it before sleeping
                }
                if (wake == Long.MAX_VALUE) {
                    LockSupport.park(this);
                } else {
                    LockSupport.parkNanos(this, wake - System.nanoTime());
                }
            } catch (Throwable t) {
                report(t);
            }
        }
    }

    /** Reports an error of the wheel itself; never throws (out of memory, it says nothing). */
    private static void report(Throwable t) {
        try {
            System.getLogger("dev.weft.actors").log(System.Logger.Level.ERROR,
                    "the actor system's timer thread caught an error and goes on", t);
        } catch (Throwable ignored) {
            // nothing left to report with; the loop goes on
        }
    }

    private void unlinkCancelled() {
        Entry e = (Entry) CANCELLED.getAndSet(this, (Entry) null);
        while (e != null) {
            Entry n = e.nextCancelled;
            e.nextCancelled = null;
            if (e.slot >= 0) {
                unlink(e);
            }
            e = n;
        }
    }

    private void placeIncoming() {
        Entry e = (Entry) INCOMING.getAndSet(this, (Entry) null);
        while (e != null) {
            Entry n = e.nextIncoming;
            e.nextIncoming = null;
            if (e.state == Entry.PENDING) {
                place(e, cursor);
            }
            e = n;
        }
    }

    /** Puts {@code e} in the slot of its deadline's tick, or of {@code earliest} if that is later. */
    private void place(Entry e, long earliest) {
        long since = e.deadline - origin;
        long tick = since <= 0 ? 0 : (since - 1) / TICK_NANOS + 1; // the first tick boundary at or after it
        tick = Math.max(tick, earliest);
        e.tick = tick;
        int s = (int) (tick & MASK);
        e.slot = s;
        e.prev = null;
        Entry h = slots[s];
        e.next = h;
        if (h != null) {
            h.prev = e;
        }
        slots[s] = e;
        count++;
    }

    private void unlink(Entry e) {
        if (e.prev != null) {
            e.prev.next = e.next;
        } else {
            slots[e.slot] = e.next;
        }
        if (e.next != null) {
            e.next.prev = e.prev;
        }
        e.prev = null;
        e.next = null;
        e.slot = -1;
        count--;
    }

    private void expireSlot(long tick, long now) {
        Entry e = slots[(int) (tick & MASK)];
        while (e != null) {
            Entry n = e.next;
            if (e.tick <= tick) {
                unlink(e);
                if (STATE.compareAndSet(e, Entry.PENDING, Entry.FIRED)) {
                    long again = -1;
                    try {
                        again = e.expire(now);
                    } catch (Throwable t) {
                        report(t);
                    }
                    if (again >= 0 && STATE.compareAndSet(e, Entry.FIRED, Entry.PENDING)) {
                        e.deadline = again;
                        place(e, tick + 1); // at most once a tick, and never back into this walk
                    }
                }
            }
            e = n;
        }
    }

    /** The nanoTime of the next occupied slot's tick, or Long.MAX_VALUE if no slot is occupied. */
    private long nextWake() {
        if (count == 0) {
            return Long.MAX_VALUE;
        }
        for (int d = 0; d < SLOTS; d++) {
            if (slots[(int) ((cursor + d) & MASK)] != null) {
                return origin + (cursor + d) * TICK_NANOS;
            }
        }
        return origin + (cursor + SLOTS) * TICK_NANOS; // unreachable while count > 0
    }

    /** The wheel is closed: every entry still pending gets onClose, once. */
    private void closeAll() {
        Entry e = (Entry) INCOMING.getAndSet(this, (Entry) null);
        while (e != null) {
            Entry n = e.nextIncoming;
            closeOne(e);
            e = n;
        }
        for (int s = 0; s < SLOTS; s++) {
            Entry x = slots[s];
            slots[s] = null;
            while (x != null) {
                Entry n = x.next;
                x.slot = -1;
                closeOne(x);
                x = n;
            }
        }
        count = 0;
        cancelled = null;
    }

    private static void closeOne(Entry e) {
        if (STATE.compareAndSet(e, Entry.PENDING, Entry.CANCELLED)) {
            try {
                e.onClose();
            } catch (Throwable t) {
                report(t);
            }
        }
    }
}
