package dev.weft.actors;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * An actor: its reference, its context, its mailbox and the state machine that schedules it. The protocol
 * is described in this module's PROTOCOL.md; the names in comments here ("state", "inline slot", "going
 * idle", "chain", "mode") refer to its sections.
 *
 * <h2>State (one int, {@link #state})</h2>
 * {@link #SCHEDULED}: an activation is pending or running; whoever sets this bit from clear owns the
 * consumer side (the inline slot, {@link #poll}, the behaviour) until the activation clears it again.
 * {@link #STOPPED}: the actor handles no more user messages; they go to the dead letters. Senders that win
 * the CAS from 0 to SCHEDULED put their message in the inline slot (no queue node) and start an activation.
 *
 * <p>The cell is the actor's {@link ActorRef} and {@link ActorContext}; the runnables the pool runs are two
 * small inner objects ({@link #forkRun}, {@link #inboxRun}), so that code holding a reference or context
 * cannot run an activation itself.
 */
final class ActorCell<M> extends Mailbox implements ActorRef<M>, ActorContext<M> {
    /** An activation is pending or running: its owner is the only consumer. */
    static final int SCHEDULED = 1;
    /** Stopped: later user messages are dead letters. */
    static final int STOPPED = 2;

    /** Scheduling mode: an idle actor runs as a fork on the sender's worker (see PROTOCOL.md, "mode"). */
    static final byte FORK = 0;
    /** Scheduling mode: every message is queued and activations go through the pool's inbox. */
    static final byte SHARED = 1;

    /** Messages per adaptive sampling window. */
    static final int WINDOW = 256;

    private static final VarHandle STATE;
    private static final VarHandle CHILDREN;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATE = l.findVarHandle(ActorCell.class, "state", int.class);
            CHILDREN = l.findVarHandle(ActorCell.class, "children", Set.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile int state;
    /**
     * Scheduling mode, {@link #FORK} or {@link #SHARED}. Written by the consumer, read racily by senders: a
     * stale value only picks the other (equally correct) way to activate the actor.
     */
    byte mode;
    /**
     * The inline slot: the message of the sender that took the actor from idle (state 0) to SCHEDULED on the
     * fast path. Plain: written by that sender after its CAS and before it hands the activation to the pool,
     * read and cleared by that activation (PROTOCOL.md, "inline slot").
     */
    private Object inline;

    final ActorSystem system;
    final Dispatcher dispatcher;
    final ActorCell<?> parent;
    private final String path;
    private final Supplier<? extends Behavior<M>> factory;
    private final Supervision supervision;
    /** Consumer-owned. Null once terminated. */
    private Behavior<M> behavior;
    /** Consumer-owned: the stop procedure has run. */
    private boolean terminated;
    /** Live children, created on the first spawn; the parent adds, a terminating child removes itself. */
    private volatile Set<ActorCell<?>> children;
    /** Adaptive sampling, consumer-owned: messages handled and idle transitions in this window. */
    private int windowMessages;
    private int windowIdles;

    /** Runs an activation handed to the pool by {@link Dispatcher#fork} (weft-core counts it in the worker's chain). */
    final Runnable forkRun = new Runnable() {
        @Override
        public void run() {
            process(false);
        }

        @Override
        public String toString() {
            return "activation of " + path;
        }
    };

    /** Runs an activation that came through the pool's inbox. */
    final Runnable inboxRun = new Runnable() {
        @Override
        public void run() {
            process(false);
        }

        @Override
        public String toString() {
            return "activation of " + path + " (inbox)";
        }
    };

    /**
     * Runs an activation that a thread outside the pool started through the inbox: it may be flooding the
     * actor, so the activation spins briefly for more before going idle (PROTOCOL.md, "idle spin").
     */
    final Runnable outsideRun = new Runnable() {
        @Override
        public void run() {
            process(true);
        }

        @Override
        public String toString() {
            return "activation of " + path + " (from outside)";
        }
    };

    ActorCell(ActorSystem system, ActorCell<?> parent, String name, Supplier<? extends Behavior<M>> factory,
            Supervision supervision) {
        this.system = system;
        this.dispatcher = system.dispatcher;
        this.parent = parent;
        this.path = (parent == null ? "/" : parent.path + "/") + name;
        this.factory = factory;
        this.supervision = supervision;
        this.mode = dispatcher.initialMode;
        this.behavior = newBehavior(factory);
        // A volatile write last: whoever later CASes the state (to activate the actor) reads this write or a
        // later one, so the first activation sees the fields above even if the reference travelled racily.
        STATE.setVolatile(this, 0);
    }

    private static <M> Behavior<M> newBehavior(Supplier<? extends Behavior<M>> factory) {
        Behavior<M> b = factory.get();
        if (b == null) {
            throw new NullPointerException("the behaviour factory returned null");
        }
        if (b instanceof Directives) {
            throw new IllegalArgumentException("the behaviour factory returned " + b + ", a marker, not a behaviour");
        }
        return b;
    }

    // ---------------------------------------------------------------------------------------------
    // Sending (any thread)

    @Override
    public void tell(M message) {
        Objects.requireNonNull(message, "message");
        send(message);
    }

    /** Sends a user message or a system signal. */
    void send(Object message) {
        int s = state;
        if (s == 0 && mode == FORK && !hasMessages()) {
            // Fast path (PROTOCOL.md, "inline slot"): idle, and none of this sender's earlier messages is
            // still queued, so handling this one first keeps the sender's order. The CAS makes us the owner.
            if (STATE.compareAndSet(this, 0, SCHEDULED)) {
                inline = message;
                dispatcher.fork(this);
                return;
            }
            s = state;
        }
        if ((s & STOPPED) != 0) {
            undeliverable(message);
            return;
        }
        enqueue(message);
        // Going idle, the consumer clears SCHEDULED and then reads tail; we exchanged tail and now read the
        // state. Both are sequentially consistent, so at least one of us sees the other (PROTOCOL.md,
        // "going idle"): no message is left behind without an activation.
        s = state;
        if ((s & SCHEDULED) == 0) {
            scheduleFrom(s);
        }
    }

    /** Takes the activation (sets SCHEDULED) unless somebody else does first, and starts it. */
    private void scheduleFrom(int s) {
        for (;;) {
            if ((s & SCHEDULED) != 0) {
                return;
            }
            if (STATE.compareAndSet(this, s, s | SCHEDULED)) {
                if (mode == FORK && (s & STOPPED) == 0) {
                    dispatcher.fork(this);
                } else {
                    dispatcher.submit(this);
                }
                return;
            }
            s = state;
        }
    }

    /** A message this actor will never handle: a dead letter, or, for a failure report, passed upward. */
    private void undeliverable(Object message) {
        if (message instanceof Escalation e) {
            escalate(e.origin, e.failure); // a stopped parent cannot decide: its own parent does
        } else {
            system.deadLetter(this, message);
        }
    }

    @Override
    public <R> CompletableFuture<R> ask(Function<ActorRef<R>, ? extends M> request, Duration timeout) {
        return AskRef.ask(system, this, request, timeout);
    }

    @Override
    public String path() {
        return path;
    }

    /** Asks this actor to stop: it finishes its current message, then dead-letters the rest. Any thread. */
    void requestStop() {
        int s = (int) STATE.getAndBitwiseOr(this, STOPPED);
        if ((s & (STOPPED | SCHEDULED)) == 0) {
            scheduleFrom(s | STOPPED); // idle: an activation must run the stop procedure
        }
    }

    boolean isStopped() {
        return (state & STOPPED) != 0;
    }

    // ---------------------------------------------------------------------------------------------
    // The activation (the owner of SCHEDULED)

    /**
     * Handles messages, the inline one first, up to the throughput; then goes idle, or yields through the
     * pool's inbox if messages remain (PROTOCOL.md, "batches").
     */
    void process(boolean fromOutside) {
        int budget = dispatcher.throughput;
        int spins = fromOutside ? Dispatcher.IDLE_SPINS : 0;
        int done = 0;
        int sampled = 0; // messages of this activation already counted by sample()
        Object m = inline;
        if (m != null) {
            inline = null;
            deliver(m);
            done = 1;
        }
        for (;;) {
            while (done < budget) {
                m = poll();
                if (m == null) {
                    if (spins > 0 && awaitMessage(spins)) {
                        continue;
                    }
                    break;
                }
                if (m == LINK_PENDING) {
                    sample(done - sampled, false);
                    dispatcher.submit(this); // keep SCHEDULED; look again once the producer has linked
                    return;
                }
                deliver(m);
                done++;
            }
            if ((state & STOPPED) != 0 && !terminated) {
                terminate();
            }
            if (done >= budget && hasMessages()) {
                sample(done - sampled, false);
                dispatcher.yieldTo(this); // a backlog: end the batch (PROTOCOL.md, "batches")
                return;
            }
            sample(done - sampled, true);
            sampled = done;
            // Going idle (PROTOCOL.md): clear SCHEDULED, then look at tail (Dekker with send()). A stop
            // request that came after our last look at STOPPED saw SCHEDULED set and left the stop to us:
            // the two read-modify-writes are ordered, so if it came before this one we see its bit here.
            int s = (int) STATE.getAndBitwiseAnd(this, ~SCHEDULED) & ~SCHEDULED;
            boolean stopPending = (s & STOPPED) != 0 && !terminated;
            if (!stopPending && !hasMessages()) {
                return;
            }
            for (;;) {
                if ((s & SCHEDULED) != 0) {
                    return; // a sender took it: its activation will handle the message
                }
                if (STATE.compareAndSet(this, s, s | SCHEDULED)) {
                    break; // ours again: go on in this activation, within the same budget
                }
                s = state;
            }
            if (done >= budget) {
                dispatcher.yieldTo(this);
                return;
            }
        }
    }

    /**
     * Spins briefly for a message before the activation goes idle (PROTOCOL.md, "idle spin"): true if one
     * came. Going idle and being activated again through the inbox costs far more than this.
     */
    private boolean awaitMessage(int spins) {
        for (int i = 0; i < spins; i++) {
            Thread.onSpinWait();
            if (hasMessages()) {
                return true;
            }
        }
        return false;
    }

    /** Handles one message taken from the inline slot or the queue. */
    @SuppressWarnings("unchecked")
    private void deliver(Object m) {
        if ((state & STOPPED) != 0) {
            if (!terminated) {
                terminate();
            }
            undeliverable(m);
            return;
        }
        if (m instanceof Escalation e) {
            children().remove(e.child);
            fail(e.origin, e.failure);
            return;
        }
        Behavior<M> b = behavior;
        Behavior<M> next;
        try {
            next = b.receive(this, (M) m);
        } catch (Throwable t) {
            system.countFailure();
            fail(this, t);
            return;
        }
        if (next != b && next != Directives.SAME) {
            if (next == Directives.STOPPED) {
                stopSelf();
            } else if (next == null) {
                system.countFailure();
                fail(this, new NullPointerException("the behaviour of " + path
                        + " returned null; return Behavior.same() to keep it"));
            } else {
                behavior = next;
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Failure and supervision (on the actor's own activation)

    /**
     * Applies this actor's policy to {@code failure}, which {@code origin}'s handler threw ({@code origin} is
     * this actor, or a descendant whose failure escalated here).
     */
    private void fail(ActorCell<?> origin, Throwable failure) {
        switch (supervision) {
            case RESUME -> {
            }
            case RESTART -> restart(origin, failure);
            case STOP -> stopSelf();
            case ESCALATE -> {
                stopSelf();
                escalate(origin, failure);
            }
        }
    }

    private void restart(ActorCell<?> origin, Throwable failure) {
        stopChildren();
        Behavior<M> fresh;
        try {
            fresh = newBehavior(factory);
        } catch (Throwable t) {
            system.countFailure();
            t.addSuppressed(failure);
            stopSelf();
            escalate(this, t);
            return;
        }
        behavior = fresh;
    }

    /** Reports a failure this actor did not absorb to its parent, or at the top to the system. */
    private void escalate(ActorCell<?> origin, Throwable failure) {
        if (parent != null) {
            parent.send(new Escalation(this, origin, failure));
        } else {
            system.reportFailure(origin, failure);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Stopping

    private void stopSelf() {
        STATE.getAndBitwiseOr(this, STOPPED);
        if (!terminated) {
            terminate();
        }
    }

    /**
     * The stop procedure, once, on the actor's activation: children stop, the actor leaves its parent and
     * the system's count of live actors. Queued messages are then dead-lettered by {@link #deliver}.
     */
    private void terminate() {
        terminated = true;
        behavior = null;
        stopChildren();
        if (parent != null) {
            parent.children().remove(this);
        }
        system.terminated(this);
    }

    private void stopChildren() {
        Set<ActorCell<?>> cs = children;
        if (cs != null) {
            for (ActorCell<?> c : cs) {
                c.requestStop();
            }
            cs.clear();
        }
    }

    Set<ActorCell<?>> children() {
        Set<ActorCell<?>> cs = children;
        if (cs == null) {
            cs = ConcurrentHashMap.newKeySet();
            if (!CHILDREN.compareAndSet(this, null, cs)) {
                cs = children;
            }
        }
        return cs;
    }

    /**
     * The pool refused the activation this thread owns (it is shut down): nobody else can run the actor,
     * so it stops here and its messages become dead letters, handled on this thread as its last activation.
     */
    void onRejected() {
        STATE.getAndBitwiseOr(this, STOPPED);
        if (!terminated) {
            terminate();
        }
        for (;;) {
            Object m = inline;
            if (m != null) {
                inline = null;
                undeliverable(m);
            }
            while ((m = poll()) != null) {
                if (m != LINK_PENDING) {
                    undeliverable(m);
                }
            }
            STATE.getAndBitwiseAnd(this, ~SCHEDULED);
            if (!hasMessages() || !STATE.compareAndSet(this, STOPPED, STOPPED | SCHEDULED)) {
                return;
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Adaptive mode (PROTOCOL.md, "mode")

    /**
     * Counts {@code handled} messages and, if the activation is going idle, one idle transition. Every
     * activation but a yielding one starts with a send that found the actor idle, so idles / messages is
     * the fraction of sends that found the mailbox idle: mostly idle favours forking on send, mostly busy
     * favours the inbox, where the actor can run beside its senders instead of behind them.
     */
    private void sample(int handled, boolean idle) {
        if (!dispatcher.adaptive) {
            return;
        }
        int msgs = windowMessages + handled;
        int idles = windowIdles + (idle ? 1 : 0);
        if (msgs < WINDOW) {
            windowMessages = msgs;
            windowIdles = idles;
            return;
        }
        if (mode == FORK) {
            if (idles * Dispatcher.TO_SHARED_BELOW < msgs) {
                mode = SHARED;
            }
        } else if (idles * Dispatcher.TO_FORK_ABOVE > msgs) {
            mode = FORK;
        }
        windowMessages = 0;
        windowIdles = 0;
    }

    // ---------------------------------------------------------------------------------------------
    // ActorContext

    @Override
    public ActorRef<M> self() {
        return this;
    }

    @Override
    public ActorSystem system() {
        return system;
    }

    @Override
    public <C> ActorRef<C> spawn(String name, Supplier<? extends Behavior<C>> factory) {
        return spawn(name, factory, Supervision.ESCALATE);
    }

    @Override
    public <C> ActorRef<C> spawn(String name, Supplier<? extends Behavior<C>> factory, Supervision supervision) {
        ActorSystem.checkSpawn(name, factory, supervision);
        if (terminated || isStopped()) {
            throw new IllegalStateException("actor " + path + " is stopped; it cannot spawn " + name);
        }
        ActorCell<C> child = system.newActor(this, name, factory, supervision);
        children().add(child);
        return child;
    }

    @Override
    public void stop(ActorRef<?> actor) {
        Objects.requireNonNull(actor, "actor");
        if (actor == this) {
            STATE.getAndBitwiseOr(this, STOPPED); // the activation terminates after the current message
            return;
        }
        if (actor instanceof ActorCell<?> c && c.parent == this) {
            c.requestStop();
            return;
        }
        throw new IllegalArgumentException(actor.path() + " is not " + path + " or one of its children");
    }

    @Override
    public String toString() {
        return "ActorRef[" + path + "]";
    }

    /** A child's failure that its policy escalated to this actor (its parent). */
    record Escalation(ActorCell<?> child, ActorCell<?> origin, Throwable failure) {
    }
}
