package dev.weft.detect.rules;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import dev.weft.detect.Bottleneck;
import dev.weft.detect.analysis.Api;
import dev.weft.detect.analysis.Ast;
import dev.weft.detect.analysis.Binding;
import dev.weft.detect.analysis.Bindings;
import dev.weft.detect.analysis.ExpressionTypes;
import dev.weft.detect.analysis.Snippets;
import dev.weft.detect.analysis.TaskBody;
import dev.weft.detect.analysis.TypeNames;
import dev.weft.detect.analysis.TypeRef;
import java.util.Set;

/**
 * B1, centralized pooling: task code that hands work to a pool ({@code submit}, {@code execute},
 * {@code invoke}, {@code invokeAll/Any} on a ForkJoinPool, the common pool, a WeftPool or any ExecutorService;
 * {@code CompletableFuture.supplyAsync/runAsync}) where forking a subtask would do.
 *
 * <p>A submission in a loop (a task per element) is also pointed at the parallel iterator, {@code Par.of(list)}
 * or {@code Par.range(from, to)}.
 *
 * <p>{@code getPool().execute/submit(t)} from task code is only a note: since JDK 9 a worker's submission to its
 * own pool goes onto its own deque, as a fork would. An executor that runs the task on the calling thread (a
 * lambda or method reference such as {@code Runnable::run}) is no pool, and not reported.
 */
final class CentralizedPooling implements Rule {
    private static final Set<String> SUBMIT = Set.of("submit", "execute", "invoke", "invokeAll", "invokeAny",
            "run", "lazySubmit", "externalSubmit", "schedule", "scheduleAtFixedRate", "scheduleWithFixedDelay");
    private static final Set<String> ASYNC = Set.of("supplyAsync", "runAsync");

    @Override
    public Bottleneck bottleneck() {
        return Bottleneck.B1;
    }

    @Override
    public void visit(Node node, TaskBody body, RuleContext ctx) {
        if (!(node instanceof MethodCallExpr m)) {
            return;
        }
        String name = m.getNameAsString();
        TypeNames names = ctx.names();
        Bindings bindings = ctx.bindings();
        ExpressionTypes expressions = ctx.expressions();
        if (ASYNC.contains(name) && expressions.isStaticCall(m, Api.COMPLETABLE_FUTURE, name)) {
            if (m.getArguments().size() == 2 && isInlineExecutor(m.getArgument(1), ctx)) {
                return;
            }
            String pool = m.getArguments().size() == 2 ? "the executor given" : "ForkJoinPool.commonPool()";
            ctx.report(m, Bottleneck.B1, "CompletableFuture." + name + "() submits to " + pool
                    + " from task code: " + COST + " " + FIX, body);
            return;
        }
        if (!SUBMIT.contains(name) || m.getScope().isEmpty()) {
            return;
        }
        Expression scope = m.getScope().get();
        if (bindings.typeNameOf(scope) != null) {
            return;
        }
        TypeRef t = expressions.receiverType(scope);
        String pool;
        if (names.isSubtype(t, Api.WEFT_POOL)) {
            pool = "a WeftPool";
        } else if (names.isSubtype(t, Api.FJ_POOL)) {
            if (name.equals("run")) {
                return;
            }
            if (isOwnPool(scope, ctx) && (name.equals("execute") || name.equals("submit"))) {
                ctx.note(m, Bottleneck.B1, "task code hands a task to its own pool with " + Snippets.text(m)
                        + ": since JDK 9, execute and submit from a worker of that pool push the task onto the"
                        + " worker's own deque, as fork() does, so nothing goes through a shared queue. Say fork() if"
                        + " that is what is meant: it reads as such, and joins of it help instead of blocking.", body);
                return;
            }
            pool = scope instanceof MethodCallExpr c && c.getNameAsString().equals("commonPool")
                    ? "the common pool" : "a ForkJoinPool";
        } else if (names.isSubtype(t, Api.EXECUTOR) || names.isSubtype(t, Api.COMPLETION_SERVICE)) {
            if (name.equals("run") || name.equals("invoke") || isInlineExecutor(scope, ctx)) {
                return;
            }
            pool = "an executor (" + t.name().substring(t.name().lastIndexOf('.') + 1) + ")";
        } else {
            return;
        }
        ctx.report(m, Bottleneck.B1, "task code submits to " + pool + " with " + name + "(): " + COST + " " + FIX
                + perElement(m), body);
    }

    /**
     * When the submission sits in a loop of the same method or lambda — a task per element — the advice to use a
     * parallel iterator instead: it runs the body over the elements with no task each and splits the loop only
     * when a worker is idle. Empty otherwise.
     */
    static String perElement(MethodCallExpr m) {
        for (Node n = m.getParentNode().orElse(null); n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof LambdaExpr || n instanceof CallableDeclaration<?> || n instanceof TypeDeclaration<?>) {
                return "";
            }
            if (n instanceof ForEachStmt f) {
                String source = f.getIterable().toString();
                if (source.length() > 40 || source.contains("\n")) {
                    source = "elements";
                }
                return " It submits a task per element: a parallel iterator, Par.of(" + source + ").forEach("
                        + f.getVariableDeclarator().getNameAsString() + " -> ...) (or .map(...).toList() for results),"
                        + " needs no task per element and splits only for idle workers.";
            }
            if (n instanceof ForStmt) {
                return " It submits a task per iteration: a parallel iterator, Par.range(from, to).forEach(i -> ...)"
                        + " (or .mapToObj(...).toList() for results), needs no task per iteration and splits only for"
                        + " idle workers.";
            }
        }
        return "";
    }

    /** {@code getPool()} (ForkJoinTask's static or inherited): the pool the calling task runs in. */
    private static boolean isOwnPool(Expression scope, RuleContext ctx) {
        Expression e = Ast.unwrap(scope);
        if (!(e instanceof MethodCallExpr c) || !c.getNameAsString().equals("getPool") || !c.getArguments().isEmpty()) {
            return false;
        }
        if (c.getScope().isEmpty()) {
            return true;
        }
        String owner = ctx.bindings().typeNameOf(c.getScope().get());
        return owner != null ? ctx.names().isSubtype(owner, Api.FJ_TASK) : c.getScope().get().isThisExpr();
    }

    /**
     * An executor that runs the task on the calling thread: a local or field initialized with a lambda or method
     * reference ({@code Executor inline = Runnable::run}), not a pool.
     */
    private static boolean isInlineExecutor(Expression e, RuleContext ctx) {
        Expression x = Ast.unwrap(e);
        if (x instanceof LambdaExpr || x instanceof MethodReferenceExpr) {
            return true;
        }
        if (x instanceof NameExpr n) {
            Binding b = ctx.bindings().lookup(n.getNameAsString(), n);
            Expression init = b == null ? null : b.initializer();
            if (init == null && b != null && b.declarator() instanceof VariableDeclarator v) {
                init = v.getInitializer().orElse(null);
            }
            return init != null && (Ast.unwrap(init) instanceof LambdaExpr || Ast.unwrap(init) instanceof MethodReferenceExpr);
        }
        return false;
    }

    private static final String COST = "unless this thread is a worker of that very pool, the job goes through a"
            + " shared submission queue that all submitters contend on, and waiting for it (get, invoke) blocks this"
            + " worker where a join would have run other tasks (thread management layer: centralized pooling).";
    private static final String FIX = "Fork a subtask instead (fork()/invokeAll, or Weft.join/async) and join it,"
            + " so work stealing moves it only when another worker is idle.";
}
