package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The adaptive mode (PROTOCOL.md, "Mode"): an actor that a sender floods from inside the pool turns SHARED
 * when there is another worker to run it beside its sender, and stays FORK at parallelism 1, where the inbox
 * would only add its cost.
 */
class ModeTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aFloodedActorTurnsSharedOnlyWithMoreThanOneWorker(int parallelism) throws Exception {
        try (Systems.Recorded r = Systems.recorded(parallelism, Scheduling.ADAPTIVE)) {
            int n = 100_000;
            CountDownLatch done = new CountDownLatch(1);
            ActorRef<Integer> sink = r.system.spawn("sink", () -> (ctx, m) -> {
                if (m == n) {
                    done.countDown();
                }
                return Behavior.same();
            });
            // a producer actor floods the sink from one handler: every send after the first finds it busy
            r.system.<String>spawn("producer", () -> (ctx, m) -> {
                for (int i = 1; i <= n; i++) {
                    sink.tell(i);
                }
                return Behavior.same();
            }).tell("go");
            Systems.await(done, "the flood");
            assertEquals(parallelism == 1 ? ActorCell.FORK : ActorCell.SHARED, ((ActorCell<?>) sink).mode);
        }
    }
}
