package org.example.actors;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;

/** Runs mailboxes on a shared pool: every message send that finds an idle mailbox submits it there. */
public final class Dispatcher {
    private final ExecutorService pool;

    public Dispatcher(int parallelism) {
        this.pool = new ForkJoinPool(parallelism);
    }

    void dispatch(ActorRef receiver, Envelope e) {
        Mailbox mbox = receiver.mailbox();
        mbox.enqueue(e);
        registerForExecution(mbox);
    }

    void registerForExecution(Mailbox mbox) {
        if (mbox.hasMessages() && mbox.setScheduled()) {
            pool.execute(mbox);   // expect: B1
        }
    }

    public void shutdown() {
        pool.shutdown();
    }
}
