package org.example.actors;

import java.util.concurrent.CountDownLatch;

/** The ping-throughput benchmark: pairs of actors that bounce a counter. */
public final class PingPong {
    static final class Pinger extends Actor {
        private final CountDownLatch done;

        Pinger(CountDownLatch done) {
            this.done = done;
        }

        @Override
        protected void receive(Object message, ActorRef sender) {
            int left = (Integer) message;
            if (left == 0) {
                done.countDown();
            } else {
                sender.tell(left - 1, self());
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Dispatcher dispatcher = new Dispatcher(4);
        CountDownLatch done = new CountDownLatch(100);
        for (int i = 0; i < 100; i++) {
            ActorRef a = ActorRef.create(new Pinger(done), dispatcher);
            ActorRef b = ActorRef.create(new Pinger(done), dispatcher);
            a.tell(1000, b);
        }
        done.await();
        dispatcher.shutdown();
    }
}
