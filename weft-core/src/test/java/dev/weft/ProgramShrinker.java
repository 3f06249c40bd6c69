package dev.weft;

import static dev.weft.ProgramEval.*;
import static dev.weft.ProgramGen.*;
import static dev.weft.ProgramModel.*;
import static dev.weft.ProgramRunner.*;

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
 * Shrinks a failing generated program: applies {@link #EDITS} (drop a node, a task, a failure site, noise,
 * ...) while the smaller program still fails the same way ({@link #reproduces}).
 */
final class ProgramShrinker {
    private ProgramShrinker() {
    }

    record Loc(Node parent, int idx, Node node) {
    }

    static void locs(Node parent, int idx, Node n, List<Loc> out) {
        out.add(new Loc(parent, idx, n));
        for (int i = 0; i < n.kids.length; i++) {
            locs(n, i, n.kids[i], out);
        }
    }

    interface Edit {
        /** Applies the edit to the node at the same preorder position of a copy; false if not applicable. */
        boolean apply(Program q, Loc at);
    }

    static void replace(Program q, Loc at, Node with) {
        if (at.parent() == null) {
            q.root = with;
        } else {
            at.parent().kids[at.idx()] = with;
        }
    }

    static Leaf plainLeaf(Program q) {
        Leaf l = new Leaf();
        l.id = q.nLeaves++;
        return l;
    }

    static boolean hasCancel(Node n, int finishId) {
        if (n instanceof CancelStmt c && c.finishId == finishId) {
            return true;
        }
        for (Node k : n.kids) {
            if (hasCancel(k, finishId)) {
                return true;
            }
        }
        return false;
    }

    static final List<Edit> EDITS = List.of(
        // replace an expression by a plain leaf
        (q, at) -> {
            Node n = at.node();
            if (!(n.isExpr() || n instanceof AsyncBlock) || (n instanceof Leaf l && l.site < 0 && l.noise == 0)) {
                return false;
            }
            replace(q, at, plainLeaf(q));
            return true;
        },
        // hoist a kid
        (q, at) -> {
            Node n = at.node();
            if (n instanceof Seq || n instanceof JoinNode || n instanceof LoopNode || n instanceof BlockingNode || n instanceof ExternalNode) {
                for (Node k : n.kids) {
                    if (!(k instanceof Leaf)) {
                        replace(q, at, k);
                        return true;
                    }
                }
            }
            if (n instanceof FinishNode) {
                for (Node s : n.kids) {
                    if ((s instanceof InlineStmt || s instanceof AsyncStmt) && s.kids[0].isExpr() && !(s.kids[0] instanceof Leaf)) {
                        replace(q, at, s.kids[0]);
                        return true;
                    }
                }
            }
            return false;
        },
        // drop a statement
        (q, at) -> {
            Node n = at.node();
            if (at.parent() instanceof FinishNode || at.parent() instanceof AsyncBlock) {
                Node par = at.parent();
                List<Node> ks = new ArrayList<>(Arrays.asList(par.kids));
                ks.remove(at.idx());
                par.kids = ks.toArray(new Node[0]);
                return true;
            }
            return false;
        },
        // a finish without a cancel statement is not cancellable
        (q, at) -> {
            if (at.node() instanceof FinishNode f && f.cancellable && !hasCancel(q.root, f.id)) {
                f.cancellable = false;
                return true;
            }
            return false;
        },
        // shorten a loop
        (q, at) -> {
            if (at.node() instanceof LoopNode l && l.kids.length > 1) {
                int n = l.kids.length > 4 ? l.kids.length / 2 : l.kids.length - 1;
                l.kids = Arrays.copyOf(l.kids, n);
                if (l.site >= 0 && l.pair + 1 >= n) {
                    l.site = -1;
                }
                return true;
            }
            return false;
        },
        // drop the inline work of a task group, a wait outside Weft, or a repeated join
        (q, at) -> {
            if (at.node() instanceof TaskGroup g) {
                if (g.hasInline) {
                    g.hasInline = false;
                    g.kids = Arrays.copyOf(g.kids, g.n);
                    return true;
                }
                for (int i = 0; i < g.ops.length; i++) {
                    if (g.ops[i].kind() == OpKind.AWAIT) {
                        List<Op> ops = new ArrayList<>(Arrays.asList(g.ops));
                        ops.remove(i);
                        g.ops = ops.toArray(new Op[0]);
                        return true;
                    }
                }
                for (int i = 0; i < g.ops.length; i++) {
                    for (int j = 0; j < g.ops.length; j++) {
                        if (i != j && g.ops[i].kind() != OpKind.INVOKE_ALL && g.ops[j].kind() != OpKind.INVOKE_ALL
                                && g.ops[i].tasks()[0] == g.ops[j].tasks()[0] && g.ops[i].kind() != OpKind.INVOKE) {
                            List<Op> ops = new ArrayList<>(Arrays.asList(g.ops));
                            ops.remove(Math.max(i, j));
                            g.ops = ops.toArray(new Op[0]);
                            return true;
                        }
                    }
                }
            }
            return false;
        },
        // drop failure sites and noise
        (q, at) -> {
            Node n = at.node();
            if (n instanceof Leaf l && (l.site >= 0 || l.noise != 0)) {
                if (l.site >= 0) {
                    l.site = -1;
                } else {
                    l.noise = 0;
                }
                return true;
            }
            if (n instanceof JoinNode j && j.site >= 0) {
                j.site = -1;
                return true;
            }
            if (n instanceof LoopNode l && l.site >= 0) {
                l.site = -1;
                return true;
            }
            if (n instanceof BlockingNode b && b.kind == 2) {
                b.kind = 0;
                b.site = -1;
                return true;
            }
            return false;
        });

    /** Whether a run on parallelism {@code par} shows {@code category} within {@code tries} runs. */
    static boolean reproduces(Program c, int par, String category, int tries, long deadlineMs) {
        Result s;
        try {
            s = runOnce(c, 0, deadlineMs);
            if (s.ok()) {
                s = runOnce(c, -1, deadlineMs);
            }
        } catch (RuntimeException e) {
            return false; // an invalid edit
        }
        if (!s.ok()) {
            return false;
        }
        for (int i = 0; i < tries; i++) {
            if (runOnce(c, par, deadlineMs).has(category)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Greedily simplifies a failing program while it keeps failing with the same category on the same
     * parallelism (each candidate is retried, the failures being schedule dependent).
     */
    static Program shrink(Program p, int par, String category, long budgetMs, int tries, long deadlineMs, PrintStream log) {
        long end = System.currentTimeMillis() + budgetMs;
        Program best = p;
        boolean progress = true;
        while (progress && System.currentTimeMillis() < end) {
            progress = false;
            List<Loc> ls = new ArrayList<>();
            locs(null, 0, best.root, ls);
            outer:
            for (Edit e : EDITS) {
                for (int i = 0; i < ls.size(); i++) {
                    if (System.currentTimeMillis() > end) {
                        break outer;
                    }
                    Program q = best.copy();
                    List<Loc> ql = new ArrayList<>();
                    locs(null, 0, q.root, ql);
                    if (!e.apply(q, ql.get(i))) {
                        continue;
                    }
                    q.index();
                    if (reproduces(q, par, category, tries, deadlineMs)) {
                        best = q;
                        progress = true;
                        if (log != null) {
                            log.println("shrink: " + category + " still reproduces with " + q.size() + " nodes");
                        }
                        break outer;
                    }
                }
            }
        }
        return best;
    }
}
