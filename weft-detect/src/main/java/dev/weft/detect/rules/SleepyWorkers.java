package dev.weft.detect.rules;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.EmptyStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import dev.weft.detect.Bottleneck;
import dev.weft.detect.analysis.Api;
import dev.weft.detect.analysis.Bindings;
import dev.weft.detect.analysis.ClassScope;
import dev.weft.detect.analysis.ExpressionTypes;
import dev.weft.detect.analysis.Forks;
import dev.weft.detect.analysis.Snippets;
import dev.weft.detect.analysis.TaskBody;
import dev.weft.detect.analysis.TypeNames;
import dev.weft.detect.analysis.TypeRef;
import java.util.List;
import java.util.Set;

/**
 * B6, sleepy workers: {@code Thread.sleep}, {@code TimeUnit.sleep}, {@code LockSupport.park*}, loops that poll
 * a task's or future's {@code isDone()}, and loops that only spin ({@code Thread.onSpinWait()},
 * {@code Thread.yield()}) until their condition changes, in task code (inside {@code Weft.blocking(...)} they are
 * managed, and not reported).
 */
final class SleepyWorkers implements Rule {
    private static final Set<String> PARK = Set.of("park", "parkNanos", "parkUntil");
    private static final Set<String> POLL = Set.of("isDone", "isCompletedNormally", "isCompletedAbnormally");

    @Override
    public Bottleneck bottleneck() {
        return Bottleneck.B6;
    }

    @Override
    public void visit(Node node, TaskBody body, RuleContext ctx) {
        TypeNames names = ctx.names();
        Bindings bindings = ctx.bindings();
        ExpressionTypes expressions = ctx.expressions();
        if (node instanceof MethodCallExpr m) {
            String name = m.getNameAsString();
            if (name.equals("sleep")) {
                if (expressions.isStaticCall(m, "java.lang.Thread", name)) {
                    ctx.report(m, Bottleneck.B6, "Thread.sleep() in task code puts the worker, not the task, to sleep: "
                            + COST + " " + FIX, body);
                } else if (m.getScope().isPresent() && bindings.typeNameOf(m.getScope().get()) == null) {
                    TypeRef t = expressions.receiverType(m.getScope().get());
                    if (names.isSubtype(t, "java.util.concurrent.TimeUnit")) {
                        ctx.report(m, Bottleneck.B6, Snippets.text(m) + " (TimeUnit.sleep) in task code puts the"
                                + " worker, not the task, to sleep: " + COST + " " + FIX, body);
                    }
                }
            } else if (PARK.contains(name) && expressions.isStaticCall(m, "java.util.concurrent.locks.LockSupport", name)) {
                ctx.report(m, Bottleneck.B6, "LockSupport." + name + "() in task code parks the worker thread: "
                        + COST + " " + FIX, body);
            }
            return;
        }
        Expression condition = node instanceof WhileStmt w ? w.getCondition()
                : node instanceof DoStmt d ? d.getCondition()
                : node instanceof ForStmt f ? f.getCompare().orElse(null) : null;
        if (condition == null) {
            return;
        }
        for (MethodCallExpr c : condition.findAll(MethodCallExpr.class)) {
            if (POLL.contains(c.getNameAsString()) && c.getArguments().isEmpty() && pollsATask(c, ctx)
                    && !waitsInside((Statement) node, ctx)) {
                ctx.report(node, Bottleneck.B6, "this loop busy-waits on " + Snippets.text(c)
                        + ": the worker spins instead of running tasks, " + COST_SPIN + " " + FIX, body);
                return;
            }
        }
        MethodCallExpr spin = spinWait((Statement) node, ctx);
        if (spin != null) {
            ctx.report(node, Bottleneck.B6, "this loop spins (" + Snippets.text(spin) + ") until "
                    + Snippets.text(condition) + " changes: the worker burns its core waiting instead of running"
                    + " tasks, " + COST_SPIN + " " + FIX_SPIN, body);
        }
    }

    /**
     * Whether {@code x.isDone()} asks a task or future (or something whose type is unknown) rather than an object
     * of the sources that merely has a method of that name (a parser's isDone(), stepped by the loop itself).
     */
    private static boolean pollsATask(MethodCallExpr c, RuleContext ctx) {
        if (c.getScope().isEmpty()) {
            ClassScope here = ctx.bindings().enclosingClass(c);
            return here == null || here.key() == null || ctx.names().isTaskType(here.key());
        }
        TypeRef t = ctx.expressions().receiverType(c.getScope().get());
        return t == null || ctx.names().isSubtype(t, Api.FUTURE) || ctx.names().isTaskType(t.name());
    }

    /**
     * Whether a loop's body joins a task or waits for a future ({@code while (!t.isDone()) t.join();}): each round
     * then waits in the join, which runs other tasks meanwhile, instead of spinning; the test of the condition only
     * decides whether to wait again.
     */
    private static boolean waitsInside(Statement loop, RuleContext ctx) {
        for (MethodCallExpr m : Forks.loopBody(loop).findAll(MethodCallExpr.class)) {
            if (!WAITS.contains(m.getNameAsString())) {
                continue;
            }
            if (m.getScope().isEmpty()) {
                ClassScope here = ctx.bindings().enclosingClass(m);
                if (here != null && here.key() != null && ctx.names().isTaskType(here.key())) {
                    return true;
                }
            } else if (ctx.bindings().typeNameOf(m.getScope().get()) == null) {
                TypeRef t = ctx.expressions().receiverType(m.getScope().get());
                if (t != null && (ctx.names().isSubtype(t, Api.FUTURE) || ctx.names().isTaskType(t.name()))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Calls that wait for a task or future to complete (and, in a pool, run other tasks meanwhile). */
    private static final Set<String> WAITS = Set.of("join", "quietlyJoin", "get", "invoke", "quietlyInvoke",
            "helpQuiesce");

    /**
     * The {@code Thread.onSpinWait()} or {@code Thread.yield()} of a loop that does nothing else: a spin-wait on
     * its condition (an atomic flag, a counter); null for any other loop.
     */
    private static MethodCallExpr spinWait(Statement loop, RuleContext ctx) {
        Statement body = Forks.loopBody(loop);
        List<Statement> statements = body instanceof BlockStmt b ? b.getStatements() : List.of(body);
        MethodCallExpr spin = null;
        for (Statement s : statements) {
            if (s instanceof ExpressionStmt e && e.getExpression() instanceof MethodCallExpr m
                    && (m.getNameAsString().equals("onSpinWait") || m.getNameAsString().equals("yield"))
                    && m.getArguments().isEmpty() && ctx.expressions().isStaticCall(m, "java.lang.Thread", m.getNameAsString())) {
                spin = m;
            } else if (!(s instanceof EmptyStmt)) {
                return null;
            }
        }
        return spin;
    }

    private static final String COST = "the tasks queued on its deque wait, no other worker of this pool takes its"
            + " place, and the idle core may drop to a low-power state that is slow to leave (synchronization"
            + " management layer: sleepy workers).";
    private static final String COST_SPIN = "and the task it waits for may be queued behind it"
            + " (synchronization management layer: sleepy workers).";
    private static final String FIX = "Join the task whose result you wait for (join() runs other tasks meanwhile);"
            + " a delay that must stay belongs outside the pool or in Weft.blocking(...).";
    private static final String FIX_SPIN = "Start this work when what it waits for exists (fork it from the code that"
            + " sets the flag), or join the task that sets it.";
}
