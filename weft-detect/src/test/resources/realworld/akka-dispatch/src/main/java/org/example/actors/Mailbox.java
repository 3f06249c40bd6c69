package org.example.actors;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An actor's queue of messages; scheduled on the dispatcher's pool, it processes a batch of messages one at a
 * time and, if more arrived meanwhile, schedules itself again.
 */
final class Mailbox extends ForkJoinTask<Void> implements Runnable {
    private static final long serialVersionUID = 1L;
    private static final int IDLE = 0;
    private static final int SCHEDULED = 1;
    private static final int THROUGHPUT = 5;

    private final ConcurrentLinkedQueue<Envelope> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger status = new AtomicInteger(IDLE);
    private final Dispatcher dispatcher;
    private Actor actor;

    Mailbox(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    void setActor(Actor actor) {
        this.actor = actor;
    }

    void enqueue(Envelope e) {
        queue.add(e);
    }

    boolean hasMessages() {
        return !queue.isEmpty();
    }

    boolean setScheduled() {
        return status.compareAndSet(IDLE, SCHEDULED);
    }

    void setIdle() {
        status.set(IDLE);
    }

    @Override
    public Void getRawResult() {
        return null;
    }

    @Override
    protected void setRawResult(Void value) {
    }

    @Override
    public void run() {
        exec();
    }

    @Override
    protected boolean exec() {
        try {
            processMailbox(THROUGHPUT);
        } finally {
            setIdle();
            dispatcher.registerForExecution(this);
        }
        return false;
    }

    private void processMailbox(int left) {
        Envelope next = left > 0 ? queue.poll() : null;
        if (next != null) {
            actor.receive(next.message, next.sender);
            processMailbox(left - 1);
        }
    }
}
