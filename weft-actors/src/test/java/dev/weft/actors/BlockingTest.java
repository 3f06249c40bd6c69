package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.Weft;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A handler that blocks, or never returns, must not stop the other actors. */
class BlockingTest {
    /**
     * At parallelism 1, a handler that blocks inside {@link Weft#blocking} until the others have run: the
     * actor it messaged just before blocking (a fork held by its own worker) and actors messaged from
     * outside all run meanwhile.
     */
    @ParameterizedTest
    @EnumSource(Scheduling.class)
    void aHandlerBlockedInWeftBlockingDoesNotStopOthers(Scheduling scheduling) throws Exception {
        try (Systems.Recorded r = Systems.recorded(1, scheduling)) {
            CountDownLatch othersRan = new CountDownLatch(2);
            CountDownLatch blockedDone = new CountDownLatch(1);
            ActorRef<String> inner = r.system.spawn("inner", () -> (ctx, m) -> {
                othersRan.countDown();
                return Behavior.same();
            });
            ActorRef<String> outer = r.system.spawn("outer", () -> (ctx, m) -> {
                othersRan.countDown();
                return Behavior.same();
            });
            ActorRef<String> blocker = r.system.spawn("blocker", () -> (ctx, m) -> {
                inner.tell("before blocking"); // a fork on this worker, unless the actor went SHARED
                boolean ok = Weft.blocking(() -> othersRan.await(Systems.WAIT_SECONDS, TimeUnit.SECONDS));
                if (ok) {
                    blockedDone.countDown();
                }
                return Behavior.same();
            });
            blocker.tell("block");
            outer.tell("from outside");
            Systems.await(blockedDone, "the blocked handler to see the others run");
        }
    }

    /**
     * At parallelism 1, a handler that waits outside Weft (a plain latch) for a message an outside thread
     * sends to another actor: the pool's stall monitor notices the wait and adds a worker for the waiting
     * submission (this takes about a second), so the other actor runs and the wait ends.
     */
    @ParameterizedTest
    @EnumSource(Scheduling.class)
    void aHandlerInAForeignWaitDoesNotStopActorsMessagedFromOutside(Scheduling scheduling) throws Exception {
        try (Systems.Recorded r = Systems.recorded(1, scheduling)) {
            CountDownLatch otherRan = new CountDownLatch(1);
            CountDownLatch entered = new CountDownLatch(1);
            CountDownLatch waitEnded = new CountDownLatch(1);
            ActorRef<String> other = r.system.spawn("other", () -> (ctx, m) -> {
                otherRan.countDown();
                return Behavior.same();
            });
            ActorRef<String> waiter = r.system.spawn("waiter", () -> (ctx, m) -> {
                entered.countDown();
                if (otherRan.await(Systems.WAIT_SECONDS, TimeUnit.SECONDS)) {
                    waitEnded.countDown();
                }
                return Behavior.same();
            });
            waiter.tell("wait");
            Systems.await(entered, "the waiting handler");
            other.tell("run");
            Systems.await(waitEnded, "the other actor to run while the worker waits outside Weft");
            assertTrue(otherRan.getCount() == 0);
        }
    }
}
