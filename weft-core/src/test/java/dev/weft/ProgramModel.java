package dev.weft;

import static dev.weft.ProgramEval.*;
import static dev.weft.ProgramGen.*;
import static dev.weft.ProgramRunner.*;
import static dev.weft.ProgramShrinker.*;

import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
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
 * The generated programs: a tree of {@link Node}s over the whole API, each of which runs itself on a
 * runtime ({@code exec}), evaluates its serial meaning ({@code eval}, see {@link ProgramEval}) and prints
 * itself ({@link Out}); {@link Program} holds a tree and its counts.
 */
final class ProgramModel {
    private ProgramModel() {
    }

    static final class Out {
        final StringBuilder sb = new StringBuilder();
        int indent;

        void line(String s) {
            sb.append("  ".repeat(indent)).append(s).append('\n');
        }

        void block(String head, Node n) {
            line(head + " {");
            indent++;
            n.print(this);
            indent--;
            line("}");
        }
    }

    abstract static class Node implements Cloneable {
        Node[] kids = new Node[0];

        /** Runs the node with the run's runtime. */
        abstract long exec(Run r);

        /** Serial meaning; records expectations (exactly-once if {@code must}, else at most once). */
        abstract Outcome eval(Ev ev, boolean must);

        abstract void print(Out o);

        boolean ownThrow() {
            return false;
        }

        boolean canThrow(Program p) {
            if (ownThrow()) {
                return true;
            }
            for (Node k : kids) {
                if (k.canThrow(p)) {
                    return true;
                }
            }
            return false;
        }

        /** Whether this node computes a value (may stand anywhere a value is expected). */
        boolean isExpr() {
            return true;
        }

        Node copyDeep() {
            try {
                Node n = (Node) clone();
                n.kids = new Node[kids.length];
                for (int i = 0; i < kids.length; i++) {
                    n.kids[i] = kids[i].copyDeep();
                }
                return n;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    static String noiseName(int kind, int param) {
        return switch (kind) {
            case 1 -> " [spin " + param + "]";
            case 2 -> " [yield]";
            case 3 -> " [park " + param + "us]";
            case 4 -> " [sleep " + param + "ms]";
            default -> "";
        };
    }

    static volatile long sink;

    static void noise(int kind, int param) {
        switch (kind) {
            case 1 -> {
                long x = 0;
                for (int i = 0; i < param; i++) {
                    x += mix64(i);
                }
                sink = x;
            }
            case 2 -> Thread.yield();
            case 3 -> LockSupport.parkNanos(param * 1000L);
            case 4 -> sleepQuietly(param);
            default -> {
            }
        }
    }

    static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static final class Leaf extends Node {
        int id;
        int noise;
        int param;
        int site = -1;

        @Override
        long exec(Run r) {
            noise(noise, param);
            r.leafHits.incrementAndGet(id);
            if (site >= 0) {
                throw r.fail(site, "leaf L" + id);
            }
            return leafValue(id);
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            ev.leaf(id, must);
            if (site >= 0) {
                ev.site(site, must);
                return Outcome.THROWS;
            }
            return Outcome.ok(leafValue(id));
        }

        @Override
        boolean ownThrow() {
            return site >= 0;
        }

        @Override
        void print(Out o) {
            o.line("leaf L" + id + noiseName(noise, param) + (site >= 0 ? " THROWS S" + site : ""));
        }
    }

    /** Runs its kids one after the other on the same thread. */
    static final class Seq extends Node {
        @Override
        long exec(Run r) {
            long v = ID;
            for (Node k : kids) {
                v = compose(v, k.exec(r));
            }
            return v;
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            boolean mu = false, may = false, det = true;
            long v = ID;
            for (Node k : kids) {
                Outcome o = k.eval(ev, must && !may);
                mu |= o.must();
                may |= o.may();
                det &= o.det();
                v = compose(v, o.value());
            }
            return new Outcome(mu, may, det && !may, v);
        }

        @Override
        void print(Out o) {
            o.line("seq {");
            o.indent++;
            for (Node k : kids) {
                k.print(o);
            }
            o.indent--;
            o.line("}");
        }
    }

    enum JoinKind {
        RUNNABLE("Weft.join(Runnable a, Runnable b)"),
        SUPPLIER("Weft.join(Supplier a, Supplier b, combine)"),
        INT("Weft.joinInt(IntSupplier a, IntSupplier b, combine)"),
        LONG("Weft.joinLong(LongSupplier a, LongSupplier b, combine)"),
        DOUBLE("Weft.joinDouble(DoubleSupplier a, DoubleSupplier b, combine)"),
        INT_FN("Weft.joinInt(fn, x=a, y=b, combine)"),
        LONG_FN("Weft.joinLong(fn, x=a, y=b, combine)"),
        DOUBLE_FN("Weft.joinDouble(fn, x=a, y=b, combine)"),
        DOUBLE_FN2("Weft.joinDouble(fn(x0,x1), a, b, combine)"),
        DOUBLE_FN3("Weft.joinDouble(fn(x0,x1,x2), a, b, combine)");

        final String text;

        JoinKind(String text) {
            this.text = text;
        }
    }

    /** A two-way join: kids[0] is a (offered to thieves), kids[1] is b (runs first inline). */
    static final class JoinNode extends Node {
        int id;
        JoinKind kind;
        int site = -1;

        private void comb(Run r) {
            if (site >= 0) {
                throw r.fail(site, "combine of join#" + id);
            }
        }

        private Node kid(Run r, long k) {
            if (k != 0 && k != 1) {
                r.violation("ARGS", "join#" + id + " called fn with argument " + k + " (expected 0 or 1)");
                throw new IllegalStateException("bad argument " + k);
            }
            return kids[(int) k];
        }

        private void args(Run r, boolean ok, String what) {
            if (!ok) {
                r.violation("ARGS", "join#" + id + " passed wrong arguments to fn: " + what);
            }
        }

        @Override
        long exec(Run r) {
            Node a = kids[0], b = kids[1];
            Rt rt = r.rt;
            switch (kind) {
                case RUNNABLE: {
                    long[] res = new long[2];
                    rt.join(() -> res[0] = a.exec(r), () -> res[1] = b.exec(r));
                    return compose(res[0], res[1]);
                }
                case SUPPLIER: {
                    Long v = rt.<Long, Long, Long>join(() -> a.exec(r), () -> b.exec(r), (x, y) -> {
                        comb(r);
                        return compose(x, y);
                    });
                    return v;
                }
                case INT:
                    return rt.joinInt(() -> toInt(a.exec(r)), () -> toInt(b.exec(r)), (x, y) -> {
                        comb(r);
                        return combInt(x, y);
                    });
                case LONG:
                    return rt.joinLong(() -> a.exec(r), () -> b.exec(r), (x, y) -> {
                        comb(r);
                        return compose(x, y);
                    });
                case DOUBLE:
                    return (long) rt.joinDouble(() -> toD(a.exec(r)), () -> toD(b.exec(r)), (x, y) -> {
                        comb(r);
                        return combD(x, y);
                    });
                case INT_FN:
                    return rt.joinIntFn(k -> toInt(kid(r, k).exec(r)), 0, 1, (x, y) -> {
                        comb(r);
                        return combInt(x, y);
                    });
                case LONG_FN:
                    return rt.joinLongFn(k -> kid(r, k).exec(r), 0L, 1L, (x, y) -> {
                        comb(r);
                        return compose(x, y);
                    });
                case DOUBLE_FN:
                    return (long) rt.joinDoubleFn(k -> toD(kid(r, (long) k).exec(r)), 0.0, 1.0, (x, y) -> {
                        comb(r);
                        return combD(x, y);
                    });
                case DOUBLE_FN2:
                    return (long) rt.joinDouble2((x0, x1) -> {
                        args(r, x1 == x0 + 10, "(" + x0 + ", " + x1 + ")");
                        return toD(kid(r, (long) x0).exec(r));
                    }, 0, 10, 1, 11, (x, y) -> {
                        comb(r);
                        return combD(x, y);
                    });
                default:
                    return (long) rt.joinDouble3((x0, x1, x2) -> {
                        args(r, x1 == x0 + 10 && x2 == x0 + 20, "(" + x0 + ", " + x1 + ", " + x2 + ")");
                        return toD(kid(r, (long) x0).exec(r));
                    }, 0, 10, 20, 1, 11, 21, (x, y) -> {
                        comb(r);
                        return combD(x, y);
                    });
            }
        }

        long value(long va, long vb) {
            return switch (kind) {
                case RUNNABLE, SUPPLIER, LONG, LONG_FN -> compose(va, vb);
                case INT, INT_FN -> combInt(toInt(va), toInt(vb));
                default -> (long) combD(toD(va), toD(vb));
            };
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            Outcome ob = kids[1].eval(ev, must);
            Outcome oa = kids[0].eval(ev, must && !ob.may());
            boolean both = !oa.may() && !ob.may();
            if (site >= 0) {
                ev.site(site, must && both);
            }
            boolean mu = ob.must() || oa.must() || (site >= 0 && both);
            boolean may = ob.may() || oa.may() || site >= 0;
            boolean det = !may && oa.det() && ob.det();
            return new Outcome(mu, may, det, det ? value(oa.value(), ob.value()) : 0);
        }

        @Override
        boolean ownThrow() {
            return site >= 0;
        }

        @Override
        void print(Out o) {
            o.line("join#" + id + " " + kind.text + (site >= 0 ? " combine THROWS S" + site : "") + " {");
            o.indent++;
            o.block("a:", kids[0]);
            o.block("b:", kids[1]);
            o.indent--;
            o.line("}");
        }
    }

    enum OpKind { JOIN, GET, INVOKE, INVOKE_ALL, AWAIT }

    record Op(OpKind kind, int[] tasks, int form) {
        String text(TaskGroup g) {
            StringBuilder sb = new StringBuilder();
            switch (kind) {
                case JOIN -> sb.append("t").append(g.taskIds[tasks[0]]).append(".join()");
                case GET -> sb.append("t").append(g.taskIds[tasks[0]]).append(".get()");
                case INVOKE -> sb.append("t").append(g.taskIds[tasks[0]]).append(".invoke()");
                case AWAIT -> sb.append("await t").append(g.taskIds[tasks[0]]).append(" outside Weft (")
                        .append(form == 0 ? "spin" : form == 1 ? "latch" : "sleep loop").append(')');
                default -> {
                    sb.append("Task.invokeAll(").append(form == 2 ? "List.of(" : "");
                    for (int i = 0; i < tasks.length; i++) {
                        sb.append(i > 0 ? ", " : "").append("t").append(g.taskIds[tasks[i]]);
                    }
                    sb.append(form == 2 ? "))" : ")").append(form == 1 ? " /*varargs*/" : "");
                }
            }
            return sb.toString();
        }
    }

    /**
     * Task objects: kids[0..n) are task bodies, kids[n] the optional inline work. Forks a subset in
     * {@code forkOrder}, runs the inline work, then runs {@code ops} (joins, gets, invokes, invokeAll)
     * in order, collecting failures so that every task is waited for.
     */
    static final class TaskGroup extends Node {
        int id;
        int n;
        int[] taskIds;
        int[] forkOrder;
        boolean hasInline;
        Op[] ops;

        private void record(Run r, Long[] vals, int i, Long v, String how) {
            if (v == null) {
                r.violation("WRONG_RESULT", "t" + taskIds[i] + "." + how + " returned null");
                return;
            }
            if (vals[i] == null) {
                vals[i] = v;
            } else if (!vals[i].equals(v)) {
                r.violation("WRONG_RESULT", "t" + taskIds[i] + " gave two different results: " + vals[i] + " then " + v);
            }
        }

        @Override
        long exec(Run r) {
            GenTask[] ts = new GenTask[n];
            for (int i = 0; i < n; i++) {
                ts[i] = new GenTask(kids[i], r, "t" + taskIds[i]);
                r.tasks.set(taskIds[i], ts[i]);
            }
            for (int i : forkOrder) {
                r.rt.fork(ts[i]);
            }
            List<Throwable> fails = new ArrayList<>();
            long inlineV = ID;
            if (hasInline) {
                try {
                    inlineV = kids[n].exec(r);
                } catch (Throwable t) {
                    fails.add(t);
                }
            }
            Long[] vals = new Long[n];
            for (Op op : ops) {
                int i0 = op.tasks()[0];
                try {
                    switch (op.kind()) {
                        case JOIN -> record(r, vals, i0, r.rt.join(ts[i0]), "join()");
                        case GET -> record(r, vals, i0, r.rt.get(ts[i0]), "get()");
                        case INVOKE -> record(r, vals, i0, r.rt.invoke(ts[i0]), "invoke()");
                        case AWAIT -> {
                            if (ts[i0].forkedOn != null || ts[i0].isDone()) { // a shrunk program may not fork it
                                r.rt.awaitOutside(ts[i0], op.form(), r);
                            }
                        }
                        default -> {
                            @SuppressWarnings("unchecked")
                            Task<Long>[] group = new Task[op.tasks().length];
                            for (int k = 0; k < group.length; k++) {
                                group[k] = ts[op.tasks()[k]];
                            }
                            try {
                                r.rt.invokeAll(op.form(), group);
                            } finally {
                                for (int i : op.tasks()) {
                                    try {
                                        record(r, vals, i, r.rt.join(ts[i]), "join() after invokeAll");
                                    } catch (Throwable t) {
                                        fails.add(t);
                                    }
                                }
                            }
                        }
                    }
                } catch (Throwable t) {
                    fails.add(t);
                }
            }
            if (!fails.isEmpty()) {
                throw r.merge(fails, "tasks#" + id);
            }
            long v = ID;
            for (int i = 0; i < n; i++) {
                if (vals[i] == null) {
                    r.violation("WRONG_RESULT", "tasks#" + id + ": no result for t" + taskIds[i] + " and no failure");
                } else {
                    v = compose(v, vals[i]);
                }
            }
            return hasInline ? compose(v, inlineV) : v;
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            if (ev.cancelDepth > 0) {
                for (int t : taskIds) {
                    ev.p.forkedUnderCancel.add(t);
                }
            }
            boolean mu = false, may = false, det = true;
            long v = ID;
            for (int i = 0; i < n + (hasInline ? 1 : 0); i++) {
                Outcome o = kids[i].eval(ev, must);
                mu |= o.must();
                may |= o.may();
                det &= o.det();
                v = compose(v, o.value());
            }
            return new Outcome(mu, may, det && !may, v);
        }

        @Override
        void print(Out o) {
            o.line("tasks#" + id + " {");
            o.indent++;
            for (int i = 0; i < n; i++) {
                o.block("t" + taskIds[i] + " = task", kids[i]);
            }
            StringBuilder sb = new StringBuilder();
            for (int i : forkOrder) {
                sb.append("t").append(taskIds[i]).append(".fork(); ");
            }
            if (sb.length() > 0) {
                o.line(sb.toString().trim());
            }
            if (hasInline) {
                o.block("inline", kids[n]);
            }
            sb.setLength(0);
            for (Op op : ops) {
                sb.append(op.text(this)).append("; ");
            }
            o.line(sb.toString().trim());
            o.indent--;
            o.line("}");
        }
    }

    /** Joins (or gets) a task that an ancestor task group forked: usually not on this worker's stack top. */
    static final class CrossJoin extends Node {
        int taskId;
        boolean useGet;

        @Override
        long exec(Run r) {
            GenTask t = r.tasks.get(taskId);
            if (t == null) {
                r.violation("GENERATOR", "cross join of t" + taskId + " before it was forked");
                throw new IllegalStateException("generator bug: t" + taskId + " not forked yet");
            }
            Long v;
            try {
                v = useGet ? r.rt.get(t) : r.rt.join(t);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) {
                throw r.merge(List.of(e), "cross join of t" + taskId);
            }
            if (v == null) {
                r.violation("WRONG_RESULT", "cross join of t" + taskId + " returned null");
                return 0;
            }
            return v;
        }

        /**
         * The body's outcome where it runs: under the scopes of its fork, not of this join. Forked in a
         * cancelled scope, its loops may stop with a cancellation, which this join then throws.
         */
        @Override
        Outcome eval(Ev ev, boolean must) {
            return ev.outcomeOf(ev.p.taskBody(taskId), ev.p.forkedUnderCancel.contains(taskId));
        }

        @Override
        boolean canThrow(Program p) {
            return p.forkedUnderCancel.contains(taskId) || p.taskBody(taskId).canThrow(p);
        }

        @Override
        void print(Out o) {
            o.line("t" + taskId + (useGet ? ".get()" : ".join()") + "   // cross join: task forked by an ancestor");
        }
    }

    /** A statement of a finish body or async block: inline work. */
    static final class InlineStmt extends Node {
        int slot;

        @Override
        long exec(Run r) {
            r.setSlot(slot, kids[0].exec(r), "inline statement");
            return 0;
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            throw new UnsupportedOperationException();
        }

        @Override
        boolean isExpr() {
            return false;
        }

        @Override
        void print(Out o) {
            o.block("inline", kids[0]);
        }
    }

    /** A statement: Weft.async(kids[0]); kids[0] is an expression or an {@link AsyncBlock}. */
    static final class AsyncStmt extends Node {
        int asyncId;
        int slot;

        @Override
        long exec(Run r) {
            Node k = kids[0];
            r.rt.async(() -> {
                r.asyncState.getAndUpdate(asyncId, s -> s | STARTED);
                try {
                    if (k instanceof AsyncBlock b) {
                        FinishNode.execStmts(b.kids, r);
                    } else {
                        r.setSlot(slot, k.exec(r), "async#" + asyncId);
                    }
                } finally {
                    r.asyncState.getAndUpdate(asyncId, s -> s | DONE);
                }
            });
            r.asyncState.getAndUpdate(asyncId, s -> s | SPAWNED);
            return 0;
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            throw new UnsupportedOperationException();
        }

        @Override
        boolean isExpr() {
            return false;
        }

        @Override
        void print(Out o) {
            if (kids[0] instanceof AsyncBlock) {
                o.line("async#" + asyncId + " {   // spawns more asyncs of the same scope");
                o.indent++;
                kids[0].print(o);
                o.indent--;
                o.line("}");
            } else {
                o.block("async#" + asyncId, kids[0]);
            }
        }
    }

    /** The body of an async that itself spawns asyncs (same scope): a list of statements. */
    static final class AsyncBlock extends Node {
        @Override
        long exec(Run r) {
            throw new UnsupportedOperationException();
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            throw new UnsupportedOperationException();
        }

        @Override
        boolean isExpr() {
            return false;
        }

        @Override
        void print(Out o) {
            for (Node k : kids) {
                k.print(o);
            }
        }
    }

    /** A statement: scope.cancel() on the finish {@code finishId}. */
    static final class CancelStmt extends Node {
        int finishId;

        @Override
        long exec(Run r) {
            Finish f = r.finishes.get(finishId);
            f.cancel();
            if (!f.isCancelled()) {
                r.violation("WRONG_RESULT", "isCancelled() false after cancel()");
            }
            return 0;
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            throw new UnsupportedOperationException();
        }

        @Override
        boolean isExpr() {
            return false;
        }

        @Override
        void print(Out o) {
            o.line("scope" + finishId + ".cancel()");
        }
    }

    static final class FinishNode extends Node {
        int id;
        boolean cancellable;
        boolean runnableForm;
        /**
         * Set by {@link #eval}: inside a cancellable scope, whose cancel stops the loops in this one too
         * (they throw a cancellation, which this scope does not report), so its statements may not finish.
         */
        boolean underCancel;

        static void execStmts(Node[] stmts, Run r) {
            for (Node s : stmts) {
                s.exec(r);
            }
        }

        /** Slots (values, in preorder) and async ids of this scope. */
        static void collect(Node[] stmts, List<Integer> slots, List<Integer> asyncIds) {
            for (Node s : stmts) {
                if (s instanceof InlineStmt i) {
                    slots.add(i.slot);
                } else if (s instanceof AsyncStmt a) {
                    asyncIds.add(a.asyncId);
                    if (a.kids[0] instanceof AsyncBlock b) {
                        collect(b.kids, slots, asyncIds);
                    } else {
                        slots.add(a.slot);
                    }
                }
            }
        }

        @Override
        long exec(Run r) {
            try {
                if (runnableForm) {
                    r.rt.finish(() -> execStmts(kids, r));
                } else {
                    r.rt.finish(f -> {
                        r.finishes.set(id, f);
                        execStmts(kids, r);
                    });
                }
            } finally {
                checkExit(r);
            }
            List<Integer> slots = new ArrayList<>(), asyncs = new ArrayList<>();
            collect(kids, slots, asyncs);
            long v = ID;
            for (int s : slots) {
                if (!cancellable && !underCancel && r.slotSet.get(s) == 0) {
                    r.violation("FINISH_EARLY", "finish#" + id + " returned normally without the result of one of its statements");
                }
                v = compose(v, r.slots.get(s));
            }
            return v;
        }

        private void checkExit(Run r) {
            List<Integer> slots = new ArrayList<>(), asyncs = new ArrayList<>();
            collect(kids, slots, asyncs);
            for (int a : asyncs) {
                int st = r.asyncState.get(a);
                if ((st & SPAWNED) == 0) {
                    continue;
                }
                if ((st & STARTED) != 0 && (st & DONE) == 0) {
                    r.violation("FINISH_EARLY", "finish#" + id + " returned while its async#" + a + " was still running");
                } else if ((st & STARTED) == 0) {
                    if (cancellable) {
                        r.notStartedAtExit.set(a, 1);
                    } else {
                        r.violation("FINISH_EARLY", "finish#" + id + " returned but its async#" + a + " never ran");
                    }
                }
            }
        }

        private static final class Acc {
            boolean must, may, det = true;
            long v = ID;

            void add(Outcome o) {
                may |= o.may();
                det &= o.det();
                v = compose(v, o.value());
            }
        }

        private void evalStmts(Node[] stmts, Ev ev, boolean reached, boolean counts, Acc acc) {
            boolean failedBefore = false;
            for (Node s : stmts) {
                boolean cur = reached && !failedBefore;
                if (s instanceof InlineStmt) {
                    Outcome o = s.kids[0].eval(ev, cur);
                    acc.add(o);
                    acc.must |= counts && o.must();
                    failedBefore |= o.may();
                } else if (s instanceof AsyncStmt) {
                    boolean runs = cur && !cancellable;
                    boolean cnt = counts && !cancellable;
                    if (s.kids[0] instanceof AsyncBlock b) {
                        evalStmts(b.kids, ev, runs, cnt, acc);
                    } else {
                        Outcome o = s.kids[0].eval(ev, runs);
                        acc.add(o);
                        acc.must |= cnt && o.must();
                    }
                }
            }
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            Acc acc = new Acc();
            // Sticky: a task's body is also evaluated where it is cross-joined (ProgramEval.outcomeOf), with
            // no scopes around it, but it runs under the scopes of its fork; under a cancel in any context
            // its loops may be cancelled and leave statements without results.
            underCancel |= ev.cancelDepth > 0;
            if (cancellable) {
                ev.cancelDepth++;
            }
            try {
                evalStmts(kids, ev, must, true, acc);
            } finally {
                if (cancellable) {
                    ev.cancelDepth--;
                }
            }
            boolean det = !acc.may && !cancellable && acc.det;
            // Under a cancel, a failure that must happen may be preceded by a loop's cancellation (a
            // join's inline half, say), which drops it; the scope then does not report the cancellation.
            boolean mu = acc.must && !cancellable && !underCancel;
            return new Outcome(mu, acc.may, det, acc.v);
        }

        @Override
        void print(Out o) {
            String head = runnableForm ? "Weft.finish(() -> " : "Weft.finish(scope" + id + " -> ";
            o.line(head + "{   // finish#" + id + (cancellable ? ", may be cancelled" : ""));
            o.indent++;
            for (Node k : kids) {
                k.print(o);
            }
            o.indent--;
            o.line("})");
        }
    }

    enum LoopKind { FOR, REDUCE_OBJ, REDUCE_INT, REDUCE_LONG, REDUCE_DOUBLE }

    /** A parallel loop over [from, from + kids.length): body(i) runs kids[i - from]. */
    static final class LoopNode extends Node {
        int id;
        LoopKind kind;
        int from;
        int slotBase;
        int site = -1;
        int pair;

        private int idx(Run r, int i) {
            int k = i - from;
            if (k < 0 || k >= kids.length) {
                r.violation("LOOP_INDEX", "loop#" + id + " called its body with index " + i + " outside [" + from + ", " + (from + kids.length) + ")");
                throw new IllegalStateException("bad index " + i);
            }
            return k;
        }

        Seg combSeg(Seg x, Seg y, Run r) {
            if (x == IDENT) {
                return y;
            }
            if (y == IDENT) {
                return x;
            }
            if (x.hi() != y.lo()) {
                if (r != null) {
                    r.violation("REDUCE_ORDER", "loop#" + id + " combined non-adjacent segments [" + x.lo() + "," + x.hi() + ") and [" + y.lo() + "," + y.hi() + ")");
                }
                return new Seg(x.lo(), y.hi(), 0x5EEDL);
            }
            if (r != null && site >= 0 && x.hi() == pair + 1) {
                throw r.fail(site, "combine of loop#" + id);
            }
            return new Seg(x.lo(), y.hi(), compose(x.val(), y.val()));
        }

        long combL(long x, long y, Run r) {
            if (x == ID_L) {
                return y;
            }
            if (y == ID_L) {
                return x;
            }
            if (hiL(x) != loL(y)) {
                if (r != null) {
                    r.violation("REDUCE_ORDER", "loop#" + id + " combined non-adjacent segments [" + loL(x) + "," + hiL(x) + ") and [" + loL(y) + "," + hiL(y) + ")");
                }
                return segL(loL(x), hiL(y), 0x5EEDL);
            }
            if (r != null && site >= 0 && hiL(x) == pair + 1) {
                throw r.fail(site, "combine of loop#" + id);
            }
            return segL(loL(x), hiL(y), compose24(x, y));
        }

        @Override
        long exec(Run r) {
            int n = kids.length, to = from + n;
            Rt rt = r.rt;
            switch (kind) {
                case FOR: {
                    rt.parallelFor(from, to, i -> {
                        int k = idx(r, i);
                        r.setSlot(slotBase + k, kids[k].exec(r), "loop#" + id + " body(" + i + ")");
                    });
                    long v = ID;
                    for (int k = 0; k < n; k++) {
                        if (r.slotSet.get(slotBase + k) == 0) {
                            r.violation("LEAF_SKIPPED", "loop#" + id + " returned normally but body(" + (from + k) + ") never completed");
                        }
                        v = compose(v, r.slots.get(slotBase + k));
                    }
                    return v;
                }
                case REDUCE_OBJ: {
                    Seg s = rt.parallelReduce(from, to, IDENT, i -> {
                        int k = idx(r, i);
                        return new Seg(k, k + 1, kids[k].exec(r));
                    }, (x, y) -> combSeg(x, y, r));
                    return segValue(s);
                }
                case REDUCE_INT:
                    return rt.parallelReduceInt(from, to, ID_I, i -> elemI(kids[idx(r, i)].exec(r)), ProgramGen::composeI);
                case REDUCE_LONG:
                    return rt.parallelReduceLong(from, to, ID_L, i -> {
                        int k = idx(r, i);
                        return segL(k, k + 1, aff24(kids[k].exec(r)));
                    }, (x, y) -> combL(x, y, r));
                default:
                    return (long) rt.parallelReduceDouble(from, to, ID_I, i -> elemI(kids[idx(r, i)].exec(r)),
                            (x, y) -> composeI((int) x, (int) y));
            }
        }

        long fold(long[] vs) {
            switch (kind) {
                case FOR: {
                    long v = ID;
                    for (long x : vs) {
                        v = compose(v, x);
                    }
                    return v;
                }
                case REDUCE_OBJ: {
                    Seg s = IDENT;
                    for (int k = 0; k < vs.length; k++) {
                        s = combSeg(s, new Seg(k, k + 1, vs[k]), null);
                    }
                    return segValue(s);
                }
                case REDUCE_LONG: {
                    long s = ID_L;
                    for (int k = 0; k < vs.length; k++) {
                        s = combL(s, segL(k, k + 1, aff24(vs[k])), null);
                    }
                    return s;
                }
                default: {
                    int s = ID_I;
                    for (long x : vs) {
                        s = composeI(s, elemI(x));
                    }
                    return s;
                }
            }
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            // Inside a cancellable scope the loop may stop at any chunk, throwing a cancellation.
            boolean cancel = ev.cancelDepth > 0;
            boolean anyCan = site >= 0 || cancel;
            for (Node k : kids) {
                anyCan |= k.canThrow(ev.p);
            }
            boolean kidMust = must && !anyCan;
            boolean anyMust = false, anyMay = false, det = true;
            long[] vs = new long[kids.length];
            for (int k = 0; k < kids.length; k++) {
                Outcome o = kids[k].eval(ev, kidMust);
                anyMust |= o.must();
                anyMay |= o.may();
                det &= o.det();
                vs[k] = o.value();
            }
            if (site >= 0) {
                ev.site(site, must && !anyMay && !cancel);
            }
            // A cancelled loop may stop before the failing iteration: then it throws only the cancellation.
            boolean mu = !cancel && (anyMust || (site >= 0 && !anyMay));
            boolean may = anyMay || site >= 0 || cancel;
            det &= !may;
            return new Outcome(mu, may, det, det ? fold(vs) : 0);
        }

        @Override
        boolean ownThrow() {
            return site >= 0;
        }

        @Override
        void print(Out o) {
            int to = from + kids.length;
            String head = switch (kind) {
                case FOR -> "Weft.parallelFor(" + from + ", " + to + ", i ->";
                case REDUCE_OBJ -> "Weft.parallelReduce(" + from + ", " + to + ", segment concat";
                case REDUCE_INT -> "Weft.parallelReduceInt(" + from + ", " + to + ", affine mod 251";
                case REDUCE_LONG -> "Weft.parallelReduceLong(" + from + ", " + to + ", segment concat";
                default -> "Weft.parallelReduceDouble(" + from + ", " + to + ", affine mod 251";
            };
            o.line(head + (site >= 0 ? ", combine THROWS S" + site + " when joining positions " + pair + "|" + (pair + 1) : "")
                    + ") {   // loop#" + id);
            o.indent++;
            int trivial = 0;
            for (int k = 0; k < kids.length; k++) {
                Node c = kids[k];
                if (c instanceof Leaf l && l.site < 0 && l.noise == 0) {
                    trivial++;
                    continue;
                }
                if (trivial > 0) {
                    o.line("(" + trivial + " plain leaves)");
                    trivial = 0;
                }
                o.block("i=" + (from + k) + ":", c);
            }
            if (trivial > 0) {
                o.line("(" + trivial + " plain leaves)");
            }
            o.indent--;
            o.line("}");
        }
    }

    /** Weft.blocking around a sleep, a latch released by another thread, or a throw; then kids[0]. */
    static final class BlockingNode extends Node {
        int id;
        int kind; // 0 sleep, 1 latch, 2 throw
        int ms;
        int site = -1;

        @Override
        long exec(Run r) {
            switch (kind) {
                case 0 -> r.rt.blocking(() -> {
                    Thread.sleep(ms);
                    return 0L;
                });
                case 1 -> {
                    CountDownLatch latch = new CountDownLatch(1);
                    r.startThread("latch" + id, () -> {
                        sleepQuietly(ms);
                        latch.countDown();
                    });
                    r.rt.blocking(() -> {
                        latch.await();
                        return 0L;
                    });
                }
                default -> r.rt.blocking(() -> {
                    throw r.fail(site, "blocking#" + id);
                });
            }
            return compose(affine(mix64(id + 77)), kids[0].exec(r));
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            if (kind == 2) {
                ev.site(site, must);
                kids[0].eval(ev, false);
                return Outcome.THROWS;
            }
            Outcome o = kids[0].eval(ev, must);
            return new Outcome(o.must(), o.may(), o.det(), compose(affine(mix64(id + 77)), o.value()));
        }

        @Override
        boolean ownThrow() {
            return kind == 2;
        }

        @Override
        void print(Out o) {
            String what = switch (kind) {
                case 0 -> "Weft.blocking(sleep " + ms + "ms)";
                case 1 -> "Weft.blocking(latch.await())   // released by another thread after " + ms + "ms";
                default -> "Weft.blocking(throw S" + site + ")";
            };
            o.line(what + ";   // blocking#" + id);
            kids[0].print(o);
        }
    }

    /**
     * {@code pool.spawn(kids[0])}: a detached fork. Its value is not part of the program's; its leaves
     * must run exactly once all the same (the checks wait for every spawned body), and its failure must
     * reach the pool's uncaught exception handler, never the program's exception.
     */
    static final class SpawnNode extends Node {
        int id;

        @Override
        long exec(Run r) {
            Node k = kids[0];
            r.spawnsInFlight.incrementAndGet();
            Runnable body = () -> {
                try {
                    k.exec(r);
                } catch (Throwable t) {
                    r.spawnsFailed.incrementAndGet(); // before in-flight drops: the report comes after us
                    throw t;
                } finally {
                    r.spawnsInFlight.decrementAndGet();
                }
            };
            if (r.pool == null) {
                try {
                    body.run(); // the serial meaning: the spawned body runs here, its failure goes aside
                } catch (Throwable t) {
                    r.uncaught.add(t);
                }
            } else {
                r.pool.spawn(body);
            }
            return affine(mix64(id + 99));
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            int depth = ev.cancelDepth;
            ev.cancelDepth = 0; // a spawned body belongs to no scope
            try {
                kids[0].eval(ev, must);
            } finally {
                ev.cancelDepth = depth;
            }
            return Outcome.ok(affine(mix64(id + 99)));
        }

        @Override
        void print(Out o) {
            o.block("spawn#" + id + " (detached; value not used)", kids[0]);
        }
    }

    static final String[] EXT_FORMS = {
        "thread: pool.submit(task).get()",
        "thread: pool.submit(task).join()",
        "thread: pool.invoke(supplier)",
        "thread: pool.submit(callable).get()",
        "thread: pool.submit(task); worker: Weft.blocking(thread.join()); task.join()",
    };

    /** Starts a thread outside the pool that submits kids[0]; the worker waits for it under Weft.blocking. */
    static final class ExternalNode extends Node {
        int id;
        int form;

        @Override
        long exec(Run r) {
            Node k = kids[0];
            if (r.pool == null) {
                return k.exec(r);
            }
            WeftPool pool = r.pool;
            Object[] box = new Object[2];
            GenTask t = new GenTask(k, r, "ext" + id);
            Thread th = r.startThread("ext" + id, () -> {
                try {
                    switch (form) {
                        case 0 -> {
                            pool.submit(t);
                            box[0] = t.get();
                        }
                        case 1 -> {
                            pool.submit(t);
                            box[0] = t.join();
                        }
                        case 2 -> box[0] = pool.invoke(() -> k.exec(r));
                        case 3 -> {
                            Future<Long> f = pool.submit((Callable<Long>) () -> k.exec(r));
                            box[0] = f.get();
                        }
                        default -> pool.submit(t);
                    }
                } catch (Throwable e) {
                    box[1] = e;
                }
            });
            r.rt.blocking(() -> {
                th.join();
                return 0L;
            });
            Throwable e = (Throwable) box[1];
            if (e != null) {
                throw r.merge(List.of(e), "external#" + id);
            }
            Long v = form == 4 ? r.rt.join(t) : (Long) box[0];
            if (v == null) {
                r.violation("WRONG_RESULT", "external#" + id + " got a null result");
                return 0;
            }
            return v;
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            int depth = ev.cancelDepth;
            ev.cancelDepth = 0; // a submission from another thread runs outside the submitter's scopes
            try {
                return kids[0].eval(ev, must);
            } finally {
                ev.cancelDepth = depth;
            }
        }

        @Override
        void print(Out o) {
            o.block("external#" + id + " " + EXT_FORMS[form] + ", task =", kids[0]);
        }
    }

    // =============================================================================================
    // Programs and the generator

    static final class Program implements Cloneable {
        long seed;
        Options opts;
        Node root;
        int nLeaves, nSites, nAsyncs, nSlots, nFinishes, nTasks, nIds;
        Map<Integer, Node> taskBodies = new HashMap<>();
        /**
         * Tasks forked inside a cancellable finish scope, as the evaluator found them ({@link TaskGroup#eval}):
         * a cross join evaluates such a task's body as it runs, under those scopes, where its loops may stop
         * with a cancellation. Sticky, like {@link FinishNode#underCancel}.
         */
        Set<Integer> forkedUnderCancel = new HashSet<>();

        void index() {
            taskBodies = new HashMap<>();
            forkedUnderCancel = new HashSet<>();
            index(root);
        }

        private void index(Node n) {
            if (n instanceof TaskGroup g) {
                for (int i = 0; i < g.n; i++) {
                    taskBodies.put(g.taskIds[i], g.kids[i]);
                }
            }
            for (Node k : n.kids) {
                index(k);
            }
        }

        Node taskBody(int taskId) {
            Node b = taskBodies.get(taskId);
            if (b == null) {
                throw new IllegalStateException("generator bug: no task t" + taskId);
            }
            return b;
        }

        int size() {
            return size(root);
        }

        private static int size(Node n) {
            int s = 1;
            for (Node k : n.kids) {
                s += size(k);
            }
            return s;
        }

        Program copy() {
            try {
                Program q = (Program) clone();
                q.root = root.copyDeep();
                q.index();
                return q;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }

        String print() {
            Out o = new Out();
            root.print(o);
            return o.sb.toString();
        }
    }
}
