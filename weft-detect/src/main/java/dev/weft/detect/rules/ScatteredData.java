package dev.weft.detect.rules;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import dev.weft.detect.Bottleneck;
import dev.weft.detect.analysis.Api;
import dev.weft.detect.analysis.Binding;
import dev.weft.detect.analysis.ClassScope;
import dev.weft.detect.analysis.TaskBody;
import dev.weft.detect.analysis.TypeRef;
import dev.weft.detect.analysis.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * B4, scattered data: a loop whose iterations each prepare a subtask and fork it (a-b-a-b...), instead of
 * building the subtasks first and handing them to {@code invokeAll}.
 *
 * <p>Not this bottleneck: a loop that only forks tasks built before it ({@code for (t : tasks) t.fork()}),
 * and CountedCompleter code, whose idiom is exactly to fork one completer per step and never join them.
 */
public final class ScatteredData implements Rule {

    @Override
    public Bottleneck bottleneck() {
        return Bottleneck.B4;
    }

    @Override
    public void visit(Node node, TaskBody body, RuleContext ctx) {
        if (!isLoop(node)) {
            return;
        }
        List<MethodCallExpr> forks = preparedForks((Statement) node, ctx.types());
        if (!forks.isEmpty()) {
            MethodCallExpr f = forks.get(0);
            ctx.report(node, Bottleneck.B4, "this loop prepares and forks one subtask per iteration ("
                    + RuleContext.text(f) + "), a-b-a-b: " + COST + " " + FIX, body);
        }
    }

    static boolean isLoop(Node n) {
        return n instanceof ForStmt || n instanceof ForEachStmt || n instanceof WhileStmt || n instanceof DoStmt;
    }

    /** The body statement of a loop. */
    public static Statement loopBody(Statement loop) {
        if (loop instanceof ForStmt f) {
            return f.getBody();
        } else if (loop instanceof ForEachStmt f) {
            return f.getBody();
        } else if (loop instanceof WhileStmt w) {
            return w.getBody();
        }
        return ((DoStmt) loop).getBody();
    }

    /**
     * The {@code fork()} calls directly in this loop (not in a nested loop, lambda or class) whose task is
     * created or assigned in the same iteration; empty if none, or if the tasks are CountedCompleters.
     */
    public static List<MethodCallExpr> preparedForks(Statement loop, Types types) {
        Statement body = loopBody(loop);
        List<MethodCallExpr> result = new ArrayList<>();
        for (MethodCallExpr m : body.findAll(MethodCallExpr.class)) {
            if (!m.getNameAsString().equals("fork") || !m.getArguments().isEmpty() || m.getScope().isEmpty()
                    || innermostLoop(m) != loop) {
                continue;
            }
            Expression task = RuleContext.unwrap(m.getScope().get());
            TypeRef t = types.receiverType(task);
            if (t != null && !types.isTaskType(t.name())) {
                continue;
            }
            if (types.isSubtype(t, Api.COUNTED_COMPLETER) || (t == null && inCompleter(m, types))) {
                continue;
            }
            if (preparedInIteration(task, body, types)) {
                result.add(m);
            }
        }
        return result;
    }

    /** The nearest loop around {@code n}, or null if a lambda or class body comes first. */
    public static Node innermostLoop(Node n) {
        for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (isLoop(p)) {
                return p;
            }
            if (p instanceof LambdaExpr || p instanceof BodyDeclaration<?>) {
                return null;
            }
        }
        return null;
    }

    private static boolean inCompleter(Node n, Types types) {
        ClassScope c = types.enclosingClass(n);
        return c != null && types.isSubtype(c.fqn(), Api.COUNTED_COMPLETER);
    }

    private static boolean preparedInIteration(Expression task, Statement body, Types types) {
        if (task instanceof ObjectCreationExpr || task instanceof MethodCallExpr) {
            return true;
        }
        if (task instanceof NameExpr n) {
            Binding b = types.lookup(n.getNameAsString(), n);
            if (b != null && b.declarator() != null && body.isAncestorOf(b.declarator())) {
                return true;
            }
            for (AssignExpr a : body.findAll(AssignExpr.class)) {
                if (a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(n.getNameAsString())) {
                    return true;
                }
            }
        }
        if (task instanceof ArrayAccessExpr access) {
            String array = access.getName().toString();
            for (AssignExpr a : body.findAll(AssignExpr.class)) {
                if (a.getTarget() instanceof ArrayAccessExpr t && t.getName().toString().equals(array)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final String COST = "allocating each subtask's data and publishing it alternate, so the data of"
            + " consecutive subtasks end up scattered, thieves wake for each fork before the rest exist, and the"
            + " forking worker's cache is churned (data management layer: scattered data).";
    private static final String FIX = "Build all the subtasks first (into a list), then hand them to"
            + " invokeAll(...) in one go.";
}
