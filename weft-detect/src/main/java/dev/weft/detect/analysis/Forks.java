package dev.weft.detect.analysis;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
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
import java.util.ArrayList;
import java.util.List;

/** Where task code forks subtasks: forked lambdas, and loops that create and fork a subtask per iteration. */
public final class Forks {
    private final Resolver resolver;

    Forks(Resolver resolver) {
        this.resolver = resolver;
    }

    /**
     * If the lambda is a subtask being forked (an argument of {@code Weft.join*}, {@code Weft.async},
     * {@code Task.of}, {@code ForkJoinTask.adapt} or {@code WeftPool.spawn}), the API's name; else null.
     */
    public String forkedLambdaApi(LambdaExpr l) {
        if (!(l.getParentNode().orElse(null) instanceof MethodCallExpr m) || !m.getArguments().contains(l)) {
            return null;
        }
        String name = m.getNameAsString();
        ExpressionTypes expressions = resolver.expressions();
        if (Api.WEFT_FORKING_METHODS.contains(name) && expressions.isStaticCall(m, Api.WEFT, name)) {
            return "Weft." + name;
        }
        if (name.equals("of") && expressions.isStaticCall(m, Api.WEFT_TASK, name)) {
            return "Task.of";
        }
        if (name.equals("adapt") && expressions.isStaticCall(m, Api.FJ_TASK, name)) {
            return "ForkJoinTask.adapt";
        }
        return null;
    }

    public static boolean isLoop(Node n) {
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

    /** The {@code x.fork()} calls directly in this loop: not in a nested loop, lambda or class. */
    public static List<MethodCallExpr> forksIn(Statement loop) {
        return loopBody(loop).findAll(MethodCallExpr.class, m -> m.getNameAsString().equals("fork")
                && m.getArguments().isEmpty() && m.getScope().isPresent() && innermostLoop(m) == loop);
    }

    /**
     * The {@code fork()} calls directly in this loop whose task is created or assigned in the same iteration;
     * empty if none, or if the tasks are CountedCompleters (whose idiom is exactly that). When there are none,
     * the calls of the loop to a method of the sources that creates and forks a task itself ({@code spawn(i)}).
     */
    public List<MethodCallExpr> preparedForks(Statement loop) {
        Statement body = loopBody(loop);
        List<MethodCallExpr> result = new ArrayList<>();
        for (MethodCallExpr m : forksIn(loop)) {
            if (forksATaskPreparedIn(m, body)) {
                result.add(m);
            }
        }
        if (result.isEmpty()) {
            for (MethodCallExpr call : body.findAll(MethodCallExpr.class, c -> innermostLoop(c) == loop)) {
                if (forkingHelper(call) != null) {
                    result.add(call);
                }
            }
        }
        return result;
    }

    /**
     * The method of the sources that a call runs when that method creates a task and forks it (outside any loop of
     * its own, which would be reported there): the fork of a loop that calls it once per iteration; else null.
     */
    public MethodDeclaration forkingHelper(MethodCallExpr call) {
        if (call.getNameAsString().equals("fork")) {
            return null;
        }
        for (CallableDeclaration<?> target : resolver.calls().targets(call)) {
            if (target instanceof MethodDeclaration md && md.getBody().isPresent()) {
                for (MethodCallExpr m : md.getBody().get().findAll(MethodCallExpr.class, f -> f.getNameAsString().equals("fork")
                        && f.getArguments().isEmpty() && f.getScope().isPresent() && innermostLoop(f) == null
                        && Ast.enclosingCallable(f) == md)) {
                    if (forksATaskPreparedIn(m, md.getBody().get())) {
                        return md;
                    }
                }
            }
        }
        return null;
    }

    private boolean forksATaskPreparedIn(MethodCallExpr fork, Statement scope) {
        TypeNames names = resolver.names();
        Expression task = Ast.unwrap(fork.getScope().get());
        TypeRef t = resolver.expressions().receiverType(task);
        if (t != null && !names.isTaskType(t.name())) {
            return false;
        }
        if (names.isSubtype(t, Api.COUNTED_COMPLETER) || (t == null && inCompleter(fork))) {
            return false;
        }
        return preparedInIteration(task, scope);
    }

    private boolean inCompleter(Node n) {
        ClassScope c = resolver.bindings().enclosingClass(n);
        return c != null && resolver.names().isSubtype(c.key(), Api.COUNTED_COMPLETER);
    }

    private boolean preparedInIteration(Expression task, Statement body) {
        if (task instanceof ObjectCreationExpr || task instanceof MethodCallExpr) {
            return true;
        }
        if (task instanceof NameExpr n) {
            Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
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
}
