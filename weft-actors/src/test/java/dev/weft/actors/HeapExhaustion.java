package dev.weft.actors;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The program {@link FatalErrorTest} runs in a JVM with a small heap: a handler allocates until the heap is
 * gone, three times over, each time in a fresh system with an ask waiting on another actor. Prints what
 * happened; the test reads it. Exits by itself (a hang is the failure the test looks for).
 */
public final class HeapExhaustion {
    private HeapExhaustion() {
    }

    public static void main(String[] args) throws Exception {
        for (int round = 1; round <= 3; round++) {
            AtomicReference<Throwable> heard = new AtomicReference<>();
            ActorSystem system = ActorSystem.builder().parallelism(2).closeTimeout(Duration.ofSeconds(10))
                    .onFailure((a, t) -> heard.compareAndSet(null, t)).build();
            ActorRef<String> silent = system.spawn("silent", () -> (c, m) -> Behavior.same());
            CompletableFuture<String> waiting = silent.ask(r -> "never answered", Duration.ofMinutes(10));
            ActorRef<String> hog = system.spawn("hog", () -> (c, m) -> {
                List<long[]> eaten = new ArrayList<>();
                for (;;) {
                    eaten.add(new long[1 << 16]);
                }
            });
            hog.tell("eat");
            String outcome;
            try {
                waiting.get(60, TimeUnit.SECONDS);
                outcome = "answered";
            } catch (ExecutionException e) {
                outcome = kind(e.getCause());
            }
            System.out.println("round " + round + ": waiting ask " + outcome);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (heard.get() == null && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            System.out.println("round " + round + ": listener heard " + (heard.get() == null ? "nothing"
                    : heard.get().getClass().getSimpleName()) + ", closed " + system.isClosed());
            CompletableFuture<String> late = silent.ask(r -> "late", Duration.ofMinutes(10));
            try {
                late.get(60, TimeUnit.SECONDS);
                System.out.println("round " + round + ": late ask answered");
            } catch (ExecutionException e) {
                System.out.println("round " + round + ": late ask " + kind(e.getCause()));
            }
            try {
                system.close();
            } catch (IllegalStateException e) {
                System.out.println("round " + round + ": close " + e.getMessage());
            }
        }
        System.out.println("done");
    }

    /** An ask's failure as the test expects it: any {@link TimeoutException} (the ask's own is a subclass). */
    private static String kind(Throwable failure) {
        return failure instanceof TimeoutException ? "TimeoutException" : failure.getClass().getSimpleName();
    }
}
