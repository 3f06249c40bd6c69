package dev.weft.detect.rules;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import dev.weft.detect.Bottleneck;
import dev.weft.detect.analysis.Api;
import dev.weft.detect.analysis.Bindings;
import dev.weft.detect.analysis.ExpressionTypes;
import dev.weft.detect.analysis.TaskBody;
import dev.weft.detect.analysis.TypeNames;
import dev.weft.detect.analysis.TypeRef;
import java.util.Set;

/**
 * B1, centralized pooling: task code that hands work to a pool ({@code submit}, {@code execute},
 * {@code invoke}, {@code invokeAll/Any} on a ForkJoinPool, the common pool, a WeftPool or any ExecutorService;
 * {@code CompletableFuture.supplyAsync/runAsync}) where forking a subtask would do.
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
            pool = scope instanceof MethodCallExpr c && c.getNameAsString().equals("commonPool")
                    ? "the common pool" : "a ForkJoinPool";
            if (name.equals("run")) {
                return;
            }
        } else if (names.isSubtype(t, Api.EXECUTOR) || names.isSubtype(t, Api.COMPLETION_SERVICE)) {
            if (name.equals("run") || name.equals("invoke")) {
                return;
            }
            pool = "an executor (" + t.name().substring(t.name().lastIndexOf('.') + 1) + ")";
        } else {
            return;
        }
        ctx.report(m, Bottleneck.B1, "task code submits to " + pool + " with " + name + "(): " + COST + " " + FIX, body);
    }

    private static final String COST = "unless this thread is a worker of that very pool, the job goes through a"
            + " shared submission queue that all submitters contend on, and waiting for it (get, invoke) blocks this"
            + " worker where a join would have run other tasks (thread management layer: centralized pooling).";
    private static final String FIX = "Fork a subtask instead (fork()/invokeAll, or Weft.join/async) and join it,"
            + " so work stealing moves it only when another worker is idle.";
}
