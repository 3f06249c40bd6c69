package dev.weft.detect.analysis;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/** Which values are results of joining subtasks: what copy on join (B3) looks for being copied. */
public final class JoinedValues {
    private static final Set<String> JOIN_NAMES = Set.of("join", "invoke", "getRawResult", "get", "resultNow",
            "compute");

    private final Resolver resolver;
    /** Parameters of methods of the sources: whether some call passes them a joined result (null: being decided). */
    private final Map<Parameter, Boolean> joinedParameters = new IdentityHashMap<>();

    JoinedValues(Resolver resolver) {
        this.resolver = resolver;
    }

    /**
     * Whether an expression is (a variable holding) the result of joining a subtask: {@code t.join()},
     * {@code t.invoke()}, {@code t.get()} of a task or future, {@code t.compute()} of a subtask run inline, the
     * result of {@code Weft.join}, a parameter of the function that combines joined results
     * ({@code Weft.join}'s and {@code parallelReduce}'s combine), or a parameter of a method of the sources that
     * some call passes a joined result ({@code merge(left.join(), right.join())}), an element of an array that
     * is one of those ({@code block[x]} of a joined matrix), or a local collection or map that joined results are
     * merged into ({@code all.addAll(left.join())}).
     */
    public boolean isJoinResult(Expression e) {
        return isJoinResult(e, 0, true);
    }

    /**
     * Whether an expression is a joined result by what its own body shows: as {@link #isJoinResult}, but not
     * through a parameter of its method (which asks about every call of that method in the sources: affordable
     * for the arguments of a merge, not for every argument of every call).
     */
    public boolean isJoinedInItsBody(Expression e) {
        return isJoinResult(e, 0, false);
    }

    private boolean isJoinResult(Expression e, int depth) {
        return isJoinResult(e, depth, true);
    }

    private boolean isJoinResult(Expression e, int depth, boolean parameters) {
        if (depth > 4) {
            return false;
        }
        e = Ast.unwrap(e);
        ExpressionTypes expressions = resolver.expressions();
        Bindings bindings = resolver.bindings();
        if (e instanceof MethodCallExpr m) {
            String name = m.getNameAsString();
            if (m.getArguments().isEmpty() && JOIN_NAMES.contains(name) && m.getScope().isPresent()) {
                Expression scope = m.getScope().get();
                if (bindings.typeNameOf(scope) != null) {
                    return false;
                }
                TypeRef t = expressions.receiverType(scope);
                if (t != null) {
                    return resolver.names().isTaskType(t.name()) || resolver.names().isSubtype(t, Api.FUTURE);
                }
                // Untyped receivers: only names that mean a task's result (not get(), which every supplier has).
                return name.equals("join") || name.equals("invoke") || name.equals("getRawResult");
            }
            return name.equals("join") && m.getArguments().size() == 3 && expressions.isStaticCall(m, Api.WEFT, "join");
        }
        // A part of a joined result: a row of a joined matrix, a list in a joined array of lists.
        if (e instanceof ArrayAccessExpr a) {
            return isJoinResult(a.getName(), depth + 1, parameters);
        }
        if (e instanceof NameExpr n) {
            Binding b = bindings.lookup(n.getNameAsString(), n);
            if (b == null) {
                return false;
            }
            if (b.kind() == Binding.Kind.LAMBDA_PARAMETER && b.declarator() instanceof Parameter p) {
                return isCombineParameter(p);
            }
            if (b.kind() == Binding.Kind.PARAMETER && b.declarator() instanceof Parameter p) {
                return parameters && receivesJoined(p, depth);
            }
            if (b.kind() != Binding.Kind.LOCAL) {
                return false;
            }
            if (b.initializer() != null && isJoinResult(b.initializer(), depth + 1)) {
                return true;
            }
            if (b.declarator() instanceof VariableDeclarator v && mergedFromJoined(v, depth)) {
                return true;
            }
            Node callable = Ast.enclosingCallable(b.declarator());
            if (callable != null) {
                for (AssignExpr a : callable.findAll(AssignExpr.class)) {
                    if (a.getOperator() == AssignExpr.Operator.ASSIGN && a.getTarget() instanceof NameExpr t
                            && t.getNameAsString().equals(n.getNameAsString())
                            && bindings.lookup(t.getNameAsString(), t) != null
                            && bindings.lookup(t.getNameAsString(), t).declarator() == b.declarator()
                            && isJoinResult(a.getValue(), depth + 1)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Whether a local is a new collection or map that joined results are merged into ({@code all.addAll(l.join())},
     * {@code Collections.addAll(all, r.join())}, or constructed from one): copying it copies them again.
     */
    private boolean mergedFromJoined(VariableDeclarator v, int depth) {
        if (!(v.getInitializer().map(Ast::unwrap).orElse(null) instanceof ObjectCreationExpr o)
                || o.getAnonymousClassBody().isPresent()) {
            return false;
        }
        TypeRef t = resolver.names().resolveType(o.getType(), o);
        if (t == null || !(resolver.names().isSubtype(t, "java.util.Collection") || resolver.names().isSubtype(t, "java.util.Map"))) {
            return false;
        }
        if (o.getArguments().size() == 1 && isJoinResult(o.getArgument(0), depth + 1)) {
            return true;
        }
        Node callable = Ast.enclosingCallable(v);
        if (callable == null) {
            return false;
        }
        String name = v.getNameAsString();
        for (MethodCallExpr m : callable.findAll(MethodCallExpr.class)) {
            String call = m.getNameAsString();
            if (!(call.equals("addAll") || call.equals("putAll")) || m.getArguments().isEmpty()) {
                continue;
            }
            // all.addAll(x), or Collections.addAll(all, x...)
            Expression target = m.getArguments().size() >= 2 && m.getScope().isPresent()
                    && resolver.bindings().typeNameOf(m.getScope().get()) != null ? m.getArgument(0)
                    : m.getScope().orElse(null);
            if (target != null && Ast.unwrap(target) instanceof NameExpr n && n.getNameAsString().equals(name)) {
                Binding b = resolver.bindings().lookup(name, n);
                if (b != null && b.declarator() == v && isJoinResult(m.getArgument(m.getArguments().size() - 1), depth + 1)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether some call of the method passes this parameter a joined result (a merge helper's inputs). */
    private boolean receivesJoined(Parameter p, int depth) {
        if (!(p.getParentNode().orElse(null) instanceof MethodDeclaration md) || p.isVarArgs()) {
            return false;
        }
        Boolean known = joinedParameters.get(p);
        if (known != null || joinedParameters.containsKey(p)) {
            return Boolean.TRUE.equals(known);
        }
        joinedParameters.put(p, null);
        int position = Ast.indexOfSame(md.getParameters(), p);
        boolean joined = false;
        for (MethodCallExpr call : resolver.dispatch().callsTo(md)) {
            if (position < call.getArguments().size() && isJoinResult(call.getArgument(position), depth + 1)) {
                joined = true;
                break;
            }
        }
        joinedParameters.put(p, joined);
        return joined;
    }

    /** Whether a lambda parameter receives joined results: the combine of Weft.join or parallelReduce*. */
    private boolean isCombineParameter(Parameter p) {
        if (!(p.getParentNode().orElse(null) instanceof LambdaExpr l)
                || !(l.getParentNode().orElse(null) instanceof MethodCallExpr m)) {
            return false;
        }
        int index = m.getArguments().indexOf(l);
        String name = m.getNameAsString();
        ExpressionTypes expressions = resolver.expressions();
        if (name.equals("join") && m.getArguments().size() == 3 && index == 2) {
            return expressions.isStaticCall(m, Api.WEFT, name);
        }
        if (name.startsWith("parallelReduce") && index == 4) {
            return expressions.isStaticCall(m, Api.WEFT, name);
        }
        return false;
    }
}
