package dev.weft.detect.analysis;

import java.util.Map;
import java.util.Set;

/**
 * Names of the fork/join APIs the detector knows: {@code java.util.concurrent}'s fork/join framework and
 * Weft's own ({@code dev.weft}).
 */
public final class Api {
    private Api() {
    }

    public static final String FJ_TASK = "java.util.concurrent.ForkJoinTask";
    public static final String FJ_POOL = "java.util.concurrent.ForkJoinPool";
    /** What {@code ForkJoinPool.managedBlock} runs: blocking the pool compensates for. */
    public static final String MANAGED_BLOCKER = FJ_POOL + ".ManagedBlocker";
    public static final String COUNTED_COMPLETER = "java.util.concurrent.CountedCompleter";
    public static final String EXECUTOR = "java.util.concurrent.Executor";
    public static final String COMPLETION_SERVICE = "java.util.concurrent.CompletionService";
    public static final String FUTURE = "java.util.concurrent.Future";
    public static final String COMPLETABLE_FUTURE = "java.util.concurrent.CompletableFuture";

    public static final String WEFT = "dev.weft.Weft";
    public static final String WEFT_TASK = "dev.weft.Task";
    public static final String WEFT_POOL = "dev.weft.WeftPool";

    /** Static methods of {@code Weft} whose functional arguments run as task code. */
    public static final Set<String> WEFT_TASK_BODY_METHODS = Set.of(
            "join", "joinInt", "joinLong", "joinDouble", "finish", "async",
            "parallelFor", "parallelForLong",
            "parallelReduce", "parallelReduceInt", "parallelReduceLong", "parallelReduceDouble");

    /**
     * The other public static methods of {@code Weft}: {@code blocking}'s argument is managed blocking, not task
     * code for the rules; {@code pauseStealing}, {@code resumeStealing}, {@code stealingPaused} and {@code hungry}
     * (a poll whether to split one's own pending work) take no code.
     * {@code ApiTest} checks that the two sets together are exactly Weft's static methods, so a method added to
     * Weft must be sorted into one of them.
     */
    public static final Set<String> WEFT_OTHER_METHODS = Set.of(
            "blocking", "hungry", "inPool", "pauseStealing", "resumeStealing", "stealingPaused");

    /** The subset of the task-body methods that fork their arguments as subtasks (a divide-and-conquer step). */
    public static final Set<String> WEFT_FORKING_METHODS = Set.of("join", "joinInt", "joinLong", "joinDouble", "async");

    /**
     * Methods of a pool (ForkJoinPool, WeftPool) whose argument, a lambda or a task, becomes a task there:
     * {@code spawn} is WeftPool's detached fork.
     */
    public static final Set<String> POOL_TASK_METHODS = Set.of("invoke", "submit", "execute", "run", "spawn");

    /**
     * The runtimes themselves. Calls into them are not followed (a join that parks inside ForkJoinTask is the
     * scheduler's business, not the task's) and their own internal task classes are not task code.
     */
    public static final Set<String> FRAMEWORK_TYPES = Set.of(
            FJ_TASK, FJ_POOL, COUNTED_COMPLETER, "java.util.concurrent.RecursiveTask",
            "java.util.concurrent.RecursiveAction", "java.util.concurrent.ForkJoinWorkerThread",
            WEFT, WEFT_TASK, WEFT_POOL, "dev.weft.Finish", "dev.weft.Job");

    /**
     * The direct public supertypes of each public type of Weft's API, for code analysed without Weft's sources
     * (Weft is not on the detector's class path, so reflection cannot tell). {@code ApiTest} checks this table
     * against the real {@code dev.weft} classes.
     */
    public static final Map<String, Set<String>> EXTERNAL_SUPERTYPES = Map.ofEntries(
            Map.entry(WEFT, Set.of()),
            Map.entry(WEFT + ".Blocker", Set.of()),
            Map.entry(WEFT + ".DoubleOperator3", Set.of()),
            Map.entry(WEFT + ".DoubleOperator4", Set.of()),
            Map.entry(WEFT + ".DoubleOperator5", Set.of()),
            Map.entry(WEFT_TASK, Set.of(FUTURE)),
            Map.entry(WEFT_POOL, Set.of("java.util.concurrent.AbstractExecutorService", "java.lang.AutoCloseable")),
            Map.entry(WEFT_POOL + ".Builder", Set.of()),
            Map.entry("dev.weft.Finish", Set.of()),
            Map.entry("dev.weft.ContextCarrier", Set.of()),
            Map.entry("dev.weft.ContextCarrier.Binding", Set.of("dev.weft.ContextCarrier")),
            Map.entry("dev.weft.Par", Set.of()),
            Map.entry("dev.weft.ParStream", Set.of()),
            Map.entry("dev.weft.IntParStream", Set.of()),
            Map.entry("dev.weft.LongParStream", Set.of()),
            Map.entry("dev.weft.DoubleParStream", Set.of()),
            Map.entry("dev.weft.PoolStats", Set.of("java.lang.Record")),
            Map.entry("dev.weft.PoolStats.WorkerStats", Set.of("java.lang.Record")),
            Map.entry("dev.weft.TaskFailedException", Set.of("java.lang.RuntimeException")),
            Map.entry("dev.weft.WorkerLocal", Set.of()));

    /**
     * Return types of the Weft methods whose results rules look at as receivers ({@code WeftPool.current().submit},
     * {@code new Sub().fork().join()}), by {@code "Owner.method"}; checked by {@code ApiTest} too.
     */
    public static final Map<String, String> EXTERNAL_RETURN_TYPES = Map.of(
            WEFT_POOL + ".common", WEFT_POOL,
            WEFT_POOL + ".current", WEFT_POOL,
            WEFT_TASK + ".fork", WEFT_TASK,
            WEFT_TASK + ".of", WEFT_TASK);

    /**
     * Older and vendored copies of the fork/join framework, by the simple name of a type and the
     * java.util.concurrent type it is the same API as: jsr166y (the Java 7 preview, for Java 6), jsr166e (Java 8's
     * additions, for Java 6 and 7), {@code scala.concurrent.forkjoin} (shipped with Scala 2.x, used by Akka).
     */
    public static final Map<String, String> FORK_JOIN_COPIES = Map.ofEntries(
            Map.entry("ForkJoinTask", FJ_TASK),
            Map.entry("ForkJoinPool", FJ_POOL),
            Map.entry("ForkJoinWorkerThread", "java.util.concurrent.ForkJoinWorkerThread"),
            Map.entry("RecursiveTask", "java.util.concurrent.RecursiveTask"),
            Map.entry("RecursiveAction", "java.util.concurrent.RecursiveAction"),
            Map.entry("CountedCompleter", COUNTED_COMPLETER),
            Map.entry("Phaser", "java.util.concurrent.Phaser"),
            Map.entry("TransferQueue", "java.util.concurrent.TransferQueue"),
            Map.entry("LinkedTransferQueue", "java.util.concurrent.LinkedTransferQueue"),
            Map.entry("ThreadLocalRandom", "java.util.concurrent.ThreadLocalRandom"),
            Map.entry("CompletableFuture", COMPLETABLE_FUTURE),
            Map.entry("ConcurrentHashMapV8", "java.util.concurrent.ConcurrentHashMap"),
            Map.entry("StampedLock", "java.util.concurrent.locks.StampedLock"),
            Map.entry("LongAdder", "java.util.concurrent.atomic.LongAdder"),
            Map.entry("DoubleAdder", "java.util.concurrent.atomic.DoubleAdder"),
            Map.entry("LongAccumulator", "java.util.concurrent.atomic.LongAccumulator"),
            Map.entry("DoubleAccumulator", "java.util.concurrent.atomic.DoubleAccumulator"));

    /** Packages known to hold a copy of the fork/join framework (see {@link #FORK_JOIN_COPIES}). */
    public static final Set<String> FORK_JOIN_COPY_PACKAGES = Set.of("jsr166y", "jsr166e", "jsr166x",
            "scala.concurrent.forkjoin", "akka.dispatch.forkjoin");

    /**
     * Whether a package holds a known copy of the fork/join framework: one of {@link #FORK_JOIN_COPY_PACKAGES},
     * or a package that vendors one of them under the project's own name ({@code org.x.util.jsr166y}).
     */
    public static boolean isForkJoinCopyPackage(String pkg) {
        if (FORK_JOIN_COPY_PACKAGES.contains(pkg)) {
            return true;
        }
        int dot = pkg.lastIndexOf('.');
        String last = pkg.substring(dot + 1);
        return last.equals("jsr166y") || last.equals("jsr166e") || pkg.endsWith(".scala.concurrent.forkjoin");
    }

    /** Simple names that mean the java.util.concurrent type even in code whose imports do not resolve. */
    public static final Map<String, String> WELL_KNOWN = Map.of(
            "ForkJoinTask", FJ_TASK,
            "ForkJoinPool", FJ_POOL,
            "RecursiveTask", "java.util.concurrent.RecursiveTask",
            "RecursiveAction", "java.util.concurrent.RecursiveAction",
            "CountedCompleter", COUNTED_COMPLETER);

    /** Whether {@code fqn} is one of the runtimes' own types or nested in one. */
    public static boolean isFramework(String fqn) {
        if (fqn == null) {
            return false;
        }
        for (String f : FRAMEWORK_TYPES) {
            if (fqn.equals(f) || fqn.startsWith(f + ".")) {
                return true;
            }
        }
        return false;
    }
}
