package dev.weft;

import static dev.weft.ProgramEval.*;
import static dev.weft.ProgramModel.*;
import static dev.weft.ProgramRunner.*;
import static dev.weft.ProgramShrinker.*;

import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleSupplier;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongSupplier;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;

/**
 * A randomized program generator for Weft, with an interpreter and a serial reference evaluator, in five
 * files: this one (the options, the value algebra, the generator), {@link ProgramModel} (the program's
 * nodes), {@link ProgramEval} (the serial evaluator and the serial reference runtime),
 * {@link ProgramRunner} (runs and checks) and {@link ProgramShrinker}.
 *
 * <p>{@link #generate} builds, from a seed, a random tree-shaped program (an AST of {@link Node}s) over
 * the whole API: {@link Task} fork/join/invoke/invokeAll/get in random (also out-of-order and repeated)
 * orders, joins of tasks forked by an ancestor ("cross joins"), every {@code Weft.join} form,
 * finish/async (nested, asyncs spawning asyncs, cancellation), {@code parallelFor} and the
 * {@code parallelReduce} family with non-commutative associative combines, {@code Weft.blocking},
 * submissions from threads outside the pool, injected failures and scheduling noise.
 *
 * <p>Every node computes a {@code long}; the serial meaning of the tree is computed by
 * {@link Node#eval}, a three-valued evaluator: for each leaf it says whether the leaf must run exactly
 * once or at most once (work that a construct may legitimately drop: the other half of a join whose
 * inline half threw, loop iterations after a failure, asyncs of a cancelled scope), for each injected
 * failure whether it must or may be thrown, and whether the whole program must throw, may throw, or
 * returns a known value. {@link ProgramRunner#runOnce} runs the program on a pool (or on {@link SerialRt}, a plain
 * serial implementation of the same API that validates the generator itself) and checks the run
 * against that meaning: termination, the value, every leaf's count, and that the set of injected
 * failures reachable from the thrown exception (cause and suppressed, recursively) is exactly the set
 * that was thrown, each once. Only checks that hold under every schedule are made.
 *
 * <p>Feature switches (to keep finding new bugs while known ones are open): system property
 * {@code weft.gen.no=feature,feature} or {@code weft.gen.noFeature=true}; see {@link Options#FEATURES}.
 */
final class ProgramGen {
    private ProgramGen() {
    }

    // =============================================================================================
    // Options

    static final class Options {
        /** Generator features that can be switched off. */
        static final List<String> FEATURES = List.of(
                "tasks",            // Task fork/join/invoke/invokeAll groups
                "outOfOrder",       // join forked tasks in any order (else strictly LIFO)
                "joinTwice",        // join (or get) a task a second time
                "crossJoin",        // join, from a descendant, a task forked by an ancestor task group
                "invokeAll",        // Task.invokeAll in its three forms
                "taskGet",          // Future.get() on tasks inside the pool
                "joins",            // Weft.join / joinInt / joinLong / joinDouble, all forms
                "joinCombineThrow", // a join's combine function throws
                "finish",           // finish/async
                "asyncNest",        // asyncs that spawn asyncs of the same scope
                "cancel",           // Finish.cancel()
                "loops",            // parallelFor / parallelReduce*
                "bigLoops",         // loops of 16..115 iterations (so that they split)
                "reduceThrow",      // a parallelReduce combine throws
                "blocking",         // Weft.blocking around sleeps and latch waits
                "external",         // submissions from threads outside the pool
                "inboxJoin",        // a worker joins a task submitted from outside (may still be in the inbox)
                "spawn",            // WeftPool.spawn: detached forks, failures to the uncaught handler
                "waits",            // wait for an own fork outside Weft (a spin, a latch, a sleep loop), then join it
                "failures",         // injected exceptions at all
                "noise");           // spins, yields, parks and sleeps in leaves
        final Set<String> disabled = new TreeSet<>();
        int maxDepth = 5;
        int maxNodes = 60;
        int deadlineSeconds = 20;
        /** Most injected failure sites per program (1 avoids the combination of several failures). */
        int maxFailures = Integer.MAX_VALUE;

        boolean on(String f) {
            return !disabled.contains(f);
        }

        Options disable(String f) {
            if (!FEATURES.contains(f)) {
                throw new IllegalArgumentException("unknown generator feature '" + f + "'; known: " + FEATURES);
            }
            disabled.add(f);
            return this;
        }

        static Options fromSystemProperties() {
            Options o = new Options();
            for (String f : FEATURES) {
                if (Boolean.getBoolean("weft.gen.no" + Character.toUpperCase(f.charAt(0)) + f.substring(1))) {
                    o.disable(f);
                }
            }
            for (String f : System.getProperty("weft.gen.no", "").split(",")) {
                if (!f.isBlank()) {
                    o.disable(f.trim());
                }
            }
            o.maxDepth = Integer.getInteger("weft.gen.maxDepth", o.maxDepth);
            o.maxNodes = Integer.getInteger("weft.gen.maxNodes", o.maxNodes);
            o.deadlineSeconds = Integer.getInteger("weft.gen.deadlineSeconds", o.deadlineSeconds);
            o.maxFailures = Integer.getInteger("weft.gen.maxFailures", o.maxFailures);
            return o;
        }

        /** The -D flags that reproduce these options (the program of a seed depends on them). */
        String flags() {
            StringBuilder sb = new StringBuilder();
            if (!disabled.isEmpty()) {
                sb.append(" -Dweft.gen.no=").append(String.join(",", disabled));
            }
            if (maxDepth != 5) {
                sb.append(" -Dweft.gen.maxDepth=").append(maxDepth);
            }
            if (maxNodes != 60) {
                sb.append(" -Dweft.gen.maxNodes=").append(maxNodes);
            }
            if (maxFailures != Integer.MAX_VALUE) {
                sb.append(" -Dweft.gen.maxFailures=").append(maxFailures);
            }
            return sb.toString();
        }
    }

    // =============================================================================================
    // Values: affine maps x -> a*x + b (mod p), packed in a long; composition is associative and
    // not commutative, so a swapped or regrouped-out-of-order combine shows in the result.

    static final long P = 2147483647L;
    static final long ID = 1L << 32;

    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    static long affine(long h) {
        long a = 1 + Math.floorMod(h, P - 1);
        long b = Math.floorMod(h >>> 21, P);
        return (a << 32) | b;
    }

    static long compose(long x, long y) {
        long a1 = (x >>> 32) % P, b1 = (x & 0xffffffffL) % P;
        long a2 = (y >>> 32) % P, b2 = (y & 0xffffffffL) % P;
        return ((a1 * a2 % P) << 32) | ((a1 * b2 + b1) % P);
    }

    static long leafValue(int id) {
        return affine(mix64(id * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L));
    }

    static int toInt(long v) {
        return (int) mix64(v);
    }

    static int combInt(int x, int y) {
        return (int) mix64(((long) x << 32) ^ (y & 0xffffffffL) ^ 0x5DEECE66DL);
    }

    static final long M50 = (1L << 50) - 1;

    static double toD(long v) {
        return (double) (mix64(v) & M50);
    }

    static double combD(double x, double y) {
        return (double) (mix64(mix64((long) x) + (long) y) & M50);
    }

    /** parallelReduceInt/Double domain: affine maps over Z/251, packed as a << 8 | b. */
    static final int ID_I = 1 << 8;

    static int elemI(long v) {
        return ((1 + (int) Math.floorMod(v, 250L)) << 8) | (int) Math.floorMod(v >>> 9, 251L);
    }

    static int composeI(int x, int y) {
        int a1 = (x >>> 8) & 0xffff, b1 = x & 255, a2 = (y >>> 8) & 0xffff, b2 = y & 255;
        return ((a1 * a2 % 251) << 8) | ((a1 * b2 + b1) % 251);
    }

    /**
     * parallelReduceLong domain: a segment [lo, hi) of loop positions and an affine map mod M24:
     * lo << 56 | hi << 48 | a << 24 | b. Identity is -1. Combining non-adjacent segments is reported.
     */
    static final long ID_L = -1L;
    static final long M24 = 16777213L;

    static long segL(int lo, int hi, long ab) {
        return ((long) lo << 56) | ((long) hi << 48) | (ab & ((1L << 48) - 1));
    }

    static int loL(long x) {
        return (int) (x >>> 56) & 0xff;
    }

    static int hiL(long x) {
        return (int) (x >>> 48) & 0xff;
    }

    static long aff24(long v) {
        long a = 1 + Math.floorMod(v, M24 - 1), b = Math.floorMod(v >>> 23, M24);
        return (a << 24) | b;
    }

    static long compose24(long x, long y) {
        long a1 = (x >>> 24) & 0xffffff, b1 = x & 0xffffff, a2 = (y >>> 24) & 0xffffff, b2 = y & 0xffffff;
        return ((a1 * a2 % M24) << 24) | ((a1 * b2 + b1) % M24);
    }

    /** parallelReduce (object) domain: a segment of loop positions and an affine map. */
    record Seg(int lo, int hi, long val) {
    }

    static final Seg IDENT = new Seg(-1, -1, ID);

    static long segValue(Seg s) {
        return compose(s.val(), affine(s.lo() * 1000L + s.hi()));
    }

    // =============================================================================================
    // Failures

    /** An injected failure; its identity is what the checker tracks. */
    static final class InjectedFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int site;

        InjectedFailure(int site, String where) {
            super("injected failure S" + site + " at " + where, null, true, false);
            this.site = site;
        }
    }

    /** What the interpreter's own code throws when it collected several failures (deduplicated). */
    static final class ProgramFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ProgramFailure(String where) {
            super("failures collected at " + where, null, true, false);
        }
    }

    /** Stands for an unexpected exception the interpreter caught and flattened. */
    static final class Unexpected extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unexpected(String description) {
            super(description, null, true, false);
        }
    }

    /** Collects the injected failures and unexpected throwables reachable from {@code t}. */
    static void walk(Throwable t, List<InjectedFailure> inj, List<Throwable> other, int depth) {
        if (t == null || depth > 64) {
            return;
        }
        if (t instanceof InjectedFailure f) {
            inj.add(f);
        } else if (!(t instanceof TaskFailedException) && !(t instanceof ProgramFailure)
                && !(t instanceof ExecutionException) && !isLoopCancellation(t)) {
            other.add(t);
        }
        if (t instanceof Unexpected) {
            return;
        }
        walk(t.getCause(), inj, other, depth + 1);
        for (Throwable s : t.getSuppressed()) {
            walk(s, inj, other, depth + 1);
        }
    }

    /**
     * A loop stopped by the cancel of a scope around it: expected where the serial meaning says a loop
     * may be cancelled (see LoopNode.eval), and a cancelled scope does not report it on its own; it may
     * still ride along, suppressed, with an injected failure.
     */
    static boolean isLoopCancellation(Throwable t) {
        return t instanceof java.util.concurrent.CancellationException
                && "parallel loop cancelled".equals(t.getMessage());
    }

    static String describe(Throwable t) {
        StringBuilder sb = new StringBuilder();
        describe(t, sb, "", 0);
        return sb.toString();
    }

    private static void describe(Throwable t, StringBuilder sb, String prefix, int depth) {
        sb.append("    ".repeat(depth)).append(prefix).append(t instanceof InjectedFailure f ? "S" + f.site + " " + t.getMessage() : t.toString()).append('\n');
        if (depth > 12) {
            return;
        }
        if (!(t instanceof InjectedFailure || t instanceof TaskFailedException || t instanceof ProgramFailure
                || t instanceof ExecutionException || t instanceof Unexpected)) {
            StackTraceElement[] st = t.getStackTrace();
            for (int i = 0; i < Math.min(st.length, 25); i++) {
                sb.append("    ".repeat(depth + 1)).append("at ").append(st[i]).append('\n');
            }
        }
        if (t.getCause() != null && !(t instanceof Unexpected)) {
            describe(t.getCause(), sb, "cause: ", depth + 1);
        }
        for (Throwable s : t.getSuppressed()) {
            describe(s, sb, "suppressed: ", depth + 1);
        }
    }

    // =============================================================================================
    // Runtimes: Weft, and a plain serial implementation of the same API (validates the generator)

    /** The seed of the i-th program of a run with base seed {@code base}. */
    static long seedAt(long base, long i) {
        return mix64(base + 0x9E3779B97F4A7C15L * (i + 1));
    }

    static Program generate(long seed, Options o) {
        Gen g = new Gen(seed, o);
        g.p.root = g.expr(0, List.of());
        g.p.index();
        return g.p;
    }

    static final class Gen {
        final SplittableRandom rnd;
        final Options o;
        final Program p = new Program();
        final Set<Integer> crossUsed = new TreeSet<>();
        final double failRate;
        int nodes;
        int blockBudget = 4;

        Gen(long seed, Options o) {
            this.rnd = new SplittableRandom(seed);
            this.o = o;
            p.seed = seed;
            p.opts = o;
            double[] rates = {0, 0.02, 0.05, 0.12};
            failRate = o.on("failures") ? rates[rnd.nextInt(rates.length)] : 0;
        }

        boolean chance(int percent) {
            return rnd.nextInt(100) < percent;
        }

        /** Draws whether to inject a failure with probability {@code rate}, within the per-program limit. */
        boolean failure(double rate) {
            return rnd.nextDouble() < rate && p.nSites < o.maxFailures;
        }

        Leaf leaf(boolean cheap) {
            Leaf l = new Leaf();
            l.id = p.nLeaves++;
            if (o.on("noise") && !cheap) {
                int r = rnd.nextInt(100);
                if (r < 12) {
                    l.noise = 1;
                    l.param = 1 + rnd.nextInt(3000);
                } else if (r < 20) {
                    l.noise = 2;
                } else if (r < 26) {
                    l.noise = 3;
                    l.param = 1 + rnd.nextInt(50);
                } else if (r < 28) {
                    l.noise = 4;
                    l.param = rnd.nextInt(2);
                }
            }
            if (failure(cheap ? failRate / 10 : failRate)) {
                l.site = p.nSites++;
            }
            return l;
        }

        Node expr(int depth, List<Integer> targets) {
            nodes++;
            if (depth >= o.maxDepth || nodes >= o.maxNodes) {
                return leaf(false);
            }
            List<Integer> unused = new ArrayList<>();
            for (int t : targets) {
                if (!crossUsed.contains(t)) {
                    unused.add(t);
                }
            }
            int[] w = {
                depth == 0 ? 0 : 22,                                   // leaf
                5,                                                     // seq
                o.on("joins") ? 18 : 0,                                // join
                o.on("tasks") ? 15 : 0,                                // task group
                o.on("finish") ? 12 : 0,                               // finish
                o.on("loops") ? 12 : 0,                                // loop
                o.on("blocking") && blockBudget > 0 ? 3 : 0,           // blocking
                o.on("external") && blockBudget > 0 ? 3 : 0,           // external
                o.on("spawn") ? 3 : 0,                                 // spawn
                o.on("crossJoin") && !unused.isEmpty() ? 10 : 0,       // cross join
            };
            int total = 0;
            for (int x : w) {
                total += x;
            }
            int r = rnd.nextInt(total), kind = 0;
            while (r >= w[kind]) {
                r -= w[kind];
                kind++;
            }
            switch (kind) {
                case 0:
                    return leaf(false);
                case 1: {
                    Seq s = new Seq();
                    s.kids = new Node[2 + rnd.nextInt(2)];
                    for (int i = 0; i < s.kids.length; i++) {
                        s.kids[i] = expr(depth + 1, targets);
                    }
                    return s;
                }
                case 2: {
                    JoinNode j = new JoinNode();
                    j.id = p.nIds++;
                    j.kind = JoinKind.values()[rnd.nextInt(JoinKind.values().length)];
                    j.kids = new Node[] {expr(depth + 1, targets), expr(depth + 1, targets)};
                    if (j.kind != JoinKind.RUNNABLE && o.on("joinCombineThrow") && failure(failRate)) {
                        j.site = p.nSites++;
                    }
                    return j;
                }
                case 3:
                    return tasks(depth, targets);
                case 4:
                    return finish(depth, targets);
                case 5:
                    return loop(depth, targets);
                case 6: {
                    blockBudget--;
                    BlockingNode b = new BlockingNode();
                    b.id = p.nIds++;
                    b.kind = failure(failRate > 0 ? 0.15 : 0) ? 2 : rnd.nextInt(2);
                    b.ms = rnd.nextInt(3);
                    if (b.kind == 2) {
                        b.site = p.nSites++;
                    }
                    b.kids = new Node[] {expr(depth + 1, targets)};
                    return b;
                }
                case 7: {
                    blockBudget--;
                    ExternalNode e = new ExternalNode();
                    e.id = p.nIds++;
                    e.form = rnd.nextInt(o.on("inboxJoin") ? 5 : 4);
                    e.kids = new Node[] {expr(depth + 1, targets)};
                    return e;
                }
                case 8: {
                    SpawnNode sp = new SpawnNode();
                    sp.id = p.nIds++;
                    // No cross joins inside: the spawned body may run after the tasks' group has ended.
                    sp.kids = new Node[] {expr(depth + 1, List.of())};
                    return sp;
                }
                default: {
                    CrossJoin c = new CrossJoin();
                    c.taskId = unused.get(rnd.nextInt(unused.size()));
                    crossUsed.add(c.taskId);
                    c.useGet = o.on("taskGet") && chance(25);
                    return c;
                }
            }
        }

        Node tasks(int depth, List<Integer> targets) {
            TaskGroup g = new TaskGroup();
            g.id = p.nIds++;
            int n = 1 + rnd.nextInt(4);
            g.n = n;
            g.taskIds = new int[n];
            int[] mode = new int[n]; // 0 fork, 1 invoke, 2 invokeAll
            for (int i = 0; i < n; i++) {
                g.taskIds[i] = p.nTasks++;
                int r = rnd.nextInt(100);
                mode[i] = r < 65 ? 0 : (r < 82 || !o.on("invokeAll")) ? 1 : 2;
            }
            List<Integer> forks = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (mode[i] == 0) {
                    forks.add(i);
                }
            }
            if (o.on("outOfOrder")) {
                shuffle(forks);
            }
            g.forkOrder = forks.stream().mapToInt(Integer::intValue).toArray();
            g.hasInline = chance(40);
            g.kids = new Node[n + (g.hasInline ? 1 : 0)];
            List<Integer> avail = new ArrayList<>(targets);
            for (int i : forks) {
                g.kids[i] = expr(depth + 1, List.copyOf(avail));
                avail.add(g.taskIds[i]);
            }
            for (int i = 0; i < n; i++) {
                if (mode[i] != 0) {
                    g.kids[i] = expr(depth + 1, List.copyOf(avail));
                }
            }
            if (g.hasInline) {
                g.kids[n] = expr(depth + 1, List.copyOf(avail));
            }
            List<Op> ops = new ArrayList<>();
            List<Integer> joinOrder = new ArrayList<>(forks);
            if (o.on("outOfOrder")) {
                shuffle(joinOrder);
            } else {
                Collections.reverse(joinOrder);
            }
            for (int i : joinOrder) {
                ops.add(new Op(o.on("taskGet") && chance(25) ? OpKind.GET : OpKind.JOIN, new int[] {i}, 0));
            }
            if (o.on("joinTwice") && !forks.isEmpty() && chance(25)) {
                int i = forks.get(rnd.nextInt(forks.size()));
                int pos = 0;
                while (ops.get(pos).tasks()[0] != i) {
                    pos++;
                }
                int at = o.on("outOfOrder") ? pos + 1 + rnd.nextInt(ops.size() - pos) : pos + 1;
                ops.add(at, new Op(o.on("taskGet") && chance(30) ? OpKind.GET : OpKind.JOIN, new int[] {i}, 0));
            }
            if (o.on("waits") && !forks.isEmpty() && chance(20)) {
                int i = forks.get(rnd.nextInt(forks.size()));
                int pos = 0;
                while (ops.get(pos).tasks()[0] != i) {
                    pos++;
                }
                ops.add(pos, new Op(OpKind.AWAIT, new int[] {i}, rnd.nextInt(3)));
            }
            List<Integer> all = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (mode[i] == 1) {
                    ops.add(rnd.nextInt(ops.size() + 1), new Op(OpKind.INVOKE, new int[] {i}, 0));
                } else if (mode[i] == 2) {
                    all.add(i);
                }
            }
            if (all.size() == 1) {
                ops.add(rnd.nextInt(ops.size() + 1), new Op(OpKind.INVOKE, new int[] {all.get(0)}, 0));
            } else if (all.size() > 1) {
                shuffle(all);
                int form = all.size() == 2 ? rnd.nextInt(3) : 1 + rnd.nextInt(2);
                ops.add(rnd.nextInt(ops.size() + 1), new Op(OpKind.INVOKE_ALL, all.stream().mapToInt(Integer::intValue).toArray(), form));
            }
            g.ops = ops.toArray(new Op[0]);
            return g;
        }

        Node finish(int depth, List<Integer> targets) {
            FinishNode f = new FinishNode();
            f.id = p.nFinishes++;
            f.cancellable = o.on("cancel") && chance(15);
            f.runnableForm = !f.cancellable && rnd.nextBoolean();
            List<Node> body = stmts(depth, targets, 1 + rnd.nextInt(4));
            if (f.cancellable) {
                CancelStmt c = new CancelStmt();
                c.finishId = f.id;
                AsyncBlock block = null;
                for (Node s : body) {
                    if (s instanceof AsyncStmt a && a.kids[0] instanceof AsyncBlock b) {
                        block = b;
                    }
                }
                if (block != null && chance(40)) {
                    List<Node> bs = new ArrayList<>(Arrays.asList(block.kids));
                    bs.add(rnd.nextInt(bs.size() + 1), c);
                    block.kids = bs.toArray(new Node[0]);
                } else {
                    body.add(rnd.nextInt(body.size() + 1), c);
                }
            }
            f.kids = body.toArray(new Node[0]);
            return f;
        }

        List<Node> stmts(int depth, List<Integer> targets, int count) {
            List<Node> out = new ArrayList<>();
            for (int c = 0; c < count; c++) {
                if (chance(55)) {
                    AsyncStmt a = new AsyncStmt();
                    a.asyncId = p.nAsyncs++;
                    a.slot = p.nSlots++;
                    if (o.on("asyncNest") && depth + 2 < o.maxDepth && chance(25)) {
                        AsyncBlock b = new AsyncBlock();
                        b.kids = stmts(depth + 1, targets, 1 + rnd.nextInt(3)).toArray(new Node[0]);
                        a.kids = new Node[] {b};
                    } else {
                        a.kids = new Node[] {expr(depth + 1, targets)};
                    }
                    out.add(a);
                } else {
                    InlineStmt s = new InlineStmt();
                    s.slot = p.nSlots++;
                    s.kids = new Node[] {expr(depth + 1, targets)};
                    out.add(s);
                }
            }
            return out;
        }

        Node loop(int depth, List<Integer> targets) {
            LoopNode l = new LoopNode();
            l.id = p.nIds++;
            l.kind = LoopKind.values()[rnd.nextInt(LoopKind.values().length)];
            boolean big = o.on("bigLoops") && chance(30);
            int n = big ? 16 + rnd.nextInt(100) : 1 + rnd.nextInt(6);
            l.from = rnd.nextInt(7) - 3;
            l.kids = new Node[n];
            for (int k = 0; k < n; k++) {
                if (big) {
                    l.kids[k] = rnd.nextInt(n) < 3 ? expr(depth + 1, targets) : leaf(true);
                } else {
                    l.kids[k] = rnd.nextBoolean() ? leaf(false) : expr(depth + 1, targets);
                }
            }
            l.slotBase = p.nSlots;
            p.nSlots += n;
            if ((l.kind == LoopKind.REDUCE_OBJ || l.kind == LoopKind.REDUCE_LONG) && n >= 2 && o.on("reduceThrow")
                    && failure(failRate > 0 ? 0.25 : 0)) {
                l.site = p.nSites++;
                l.pair = rnd.nextInt(n - 1);
            }
            return l;
        }

        <T> void shuffle(List<T> xs) {
            for (int i = xs.size() - 1; i > 0; i--) {
                Collections.swap(xs, i, rnd.nextInt(i + 1));
            }
        }
    }

    // =============================================================================================
    // Running and checking
}
