package dev.weft.atomic.processor;

import java.util.List;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Calls that block or wait for another task: inside a unit of work they hold the set's lock while they
 * wait, and what they wait for may need that lock (Pinto et al.'s bottleneck 5, intra-task synchronization).
 * Matched by method name on the declaring type or any subtype.
 */
final class Blocking {
    private record Rule(String type, Set<String> methods, String why) {
    }

    private static final String WAITS = "waits for another task";
    private static final String BLOCKS = "blocks the thread";

    private static final List<Rule> RULES = List.of(
            new Rule("java.lang.Object", Set.of("wait"), BLOCKS),
            new Rule("java.lang.Thread", Set.of("sleep", "join"), BLOCKS),
            new Rule("java.lang.Process", Set.of("waitFor"), BLOCKS),
            new Rule("java.util.concurrent.Future", Set.of("get"), WAITS),
            new Rule("java.util.concurrent.CompletableFuture", Set.of("join"), WAITS),
            new Rule("java.util.concurrent.ExecutorService", Set.of("invokeAll", "invokeAny", "awaitTermination", "close"), WAITS),
            new Rule("java.util.concurrent.CountDownLatch", Set.of("await"), BLOCKS),
            new Rule("java.util.concurrent.CyclicBarrier", Set.of("await"), BLOCKS),
            new Rule("java.util.concurrent.Phaser", Set.of("awaitAdvance", "awaitAdvanceInterruptibly", "arriveAndAwaitAdvance"), BLOCKS),
            new Rule("java.util.concurrent.Semaphore", Set.of("acquire", "acquireUninterruptibly"), BLOCKS),
            new Rule("java.util.concurrent.Exchanger", Set.of("exchange"), BLOCKS),
            new Rule("java.util.concurrent.BlockingQueue", Set.of("put", "take"), BLOCKS),
            new Rule("java.util.concurrent.BlockingDeque", Set.of("putFirst", "putLast", "takeFirst", "takeLast"), BLOCKS),
            new Rule("java.util.concurrent.locks.Lock", Set.of("lock", "lockInterruptibly"), BLOCKS),
            new Rule("java.util.concurrent.locks.Condition", Set.of("await", "awaitNanos", "awaitUninterruptibly", "awaitUntil"), BLOCKS),
            new Rule("java.util.concurrent.locks.LockSupport", Set.of("park", "parkNanos", "parkUntil"), BLOCKS),
            new Rule("dev.weft.Weft", Set.of("blocking"), BLOCKS),
            new Rule("dev.weft.Task", Set.of("join"), WAITS),
            new Rule("dev.weft.WeftPool", Set.of("invoke", "run", "awaitQuiescence"), WAITS));

    private Blocking() {
    }

    /** Why calling {@code m} inside a unit of work is refused, or null if it is not. */
    static String why(ExecutableElement m, Elements elements, Types types) {
        if (!(m.getEnclosingElement() instanceof TypeElement owner)) {
            return null;
        }
        String name = m.getSimpleName().toString();
        for (Rule r : RULES) {
            if (!r.methods.contains(name)) {
                continue;
            }
            TypeElement t = elements.getTypeElement(r.type);
            if (t != null && types.isSubtype(types.erasure(owner.asType()), types.erasure(t.asType()))) {
                return r.why;
            }
        }
        return null;
    }

    /** Whether a refused call is a join or get of a task (allowed on a task the unit made itself). */
    static boolean isTaskWait(ExecutableElement m, Elements elements, Types types) {
        TypeElement task = elements.getTypeElement("dev.weft.Task");
        return task != null && m.getEnclosingElement() instanceof TypeElement owner
                && types.isSubtype(types.erasure(owner.asType()), types.erasure(task.asType()))
                && (m.getSimpleName().contentEquals("join") || m.getSimpleName().contentEquals("get"));
    }
}
