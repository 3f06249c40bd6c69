package dev.weft.detect.rules;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import dev.weft.detect.Bottleneck;
import dev.weft.detect.analysis.Api;
import dev.weft.detect.analysis.Binding;
import dev.weft.detect.analysis.TaskBody;
import dev.weft.detect.analysis.TaskCode;
import dev.weft.detect.analysis.TypeRef;
import dev.weft.detect.analysis.Types;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What rules share: the resolver, the task code, the findings so far, and a few questions about code. */
public final class RuleContext {
    private static final Set<String> JOIN_NAMES = Set.of("join", "invoke", "getRawResult", "get", "resultNow", "compute");

    private final Types types;
    private final TaskCode code;
    private final List<Hit> hits = new ArrayList<>();
    private final Map<Node, EnumSet<Bottleneck>> reported = new IdentityHashMap<>();

    RuleContext(Types types, TaskCode code) {
        this.types = types;
        this.code = code;
    }

    public Types types() {
        return types;
    }

    public TaskCode code() {
        return code;
    }

    List<Hit> hits() {
        return hits;
    }

    /**
     * Records a finding at {@code at}, once per construct and bottleneck (a construct may be reached through
     * several bodies, e.g. a lambda inside {@code compute()} that is also an entry point itself).
     */
    public void report(Node at, Bottleneck b, String message, TaskBody body) {
        if (reported.computeIfAbsent(at, k -> EnumSet.noneOf(Bottleneck.class)).add(b)) {
            hits.add(new Hit(at, b, message + " (" + body.where() + ")", body));
        }
    }

    /** The expression without parentheses and casts around it. */
    public static Expression unwrap(Expression e) {
        while (true) {
            if (e instanceof EnclosedExpr en) {
                e = en.getInner();
            } else if (e instanceof CastExpr c) {
                e = c.getExpression();
            } else {
                return e;
            }
        }
    }

    /** The outermost expression that is {@code e} in parentheses or casts. */
    public static Expression wrapped(Expression e) {
        while (e.getParentNode().orElse(null) instanceof Expression p && (p instanceof EnclosedExpr || p instanceof CastExpr)) {
            e = p;
        }
        return e;
    }

    /** The method, constructor, lambda or initializer whose code {@code n} is in. */
    public static Node enclosingCallable(Node n) {
        for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof CallableDeclaration<?> || p instanceof LambdaExpr || p instanceof InitializerDeclaration) {
                return p;
            }
        }
        return null;
    }

    /** The uses of the variable declared by {@code declarator}, within {@code scope}. */
    public List<NameExpr> uses(Node declarator, String name, Node scope) {
        List<NameExpr> result = new ArrayList<>();
        if (scope == null) {
            return result;
        }
        for (NameExpr n : scope.findAll(NameExpr.class)) {
            if (n.getNameAsString().equals(name)) {
                Binding b = types.lookup(name, n);
                if (b != null && b.declarator() == declarator) {
                    result.add(n);
                }
            }
        }
        return result;
    }

    /**
     * Whether an expression is (a variable holding) the result of joining a subtask: {@code t.join()},
     * {@code t.invoke()}, {@code t.get()} of a task or future, {@code t.compute()} of a subtask run inline, the result of {@code Weft.join}, or a parameter
     * of the function that combines joined results ({@code Weft.join}'s and {@code parallelReduce}'s combine).
     */
    public boolean isJoinResult(Expression e) {
        return isJoinResult(e, 0);
    }

    private boolean isJoinResult(Expression e, int depth) {
        if (depth > 4) {
            return false;
        }
        e = unwrap(e);
        if (e instanceof MethodCallExpr m) {
            String name = m.getNameAsString();
            if (m.getArguments().isEmpty() && JOIN_NAMES.contains(name) && m.getScope().isPresent()) {
                Expression scope = m.getScope().get();
                if (types.typeNameOf(scope) != null) {
                    return false;
                }
                TypeRef t = types.receiverType(scope);
                if (t != null) {
                    return types.isTaskType(t.name()) || types.isSubtype(t, Api.FUTURE);
                }
                // Untyped receivers: only names that mean a task's result (not get(), which every supplier has).
                return name.equals("join") || name.equals("invoke") || name.equals("getRawResult");
            }
            return name.equals("join") && m.getArguments().size() == 3 && types.isStaticCall(m, Api.WEFT, "join");
        }
        if (e instanceof NameExpr n) {
            Binding b = types.lookup(n.getNameAsString(), n);
            if (b == null) {
                return false;
            }
            if (b.kind() == Binding.Kind.LAMBDA_PARAMETER && b.declarator() instanceof Parameter p) {
                return isCombineParameter(p);
            }
            if (b.kind() != Binding.Kind.LOCAL) {
                return false;
            }
            if (b.initializer() != null && isJoinResult(b.initializer(), depth + 1)) {
                return true;
            }
            Node callable = enclosingCallable(b.declarator());
            if (callable != null) {
                for (AssignExpr a : callable.findAll(AssignExpr.class)) {
                    if (a.getOperator() == AssignExpr.Operator.ASSIGN && a.getTarget() instanceof NameExpr t
                            && t.getNameAsString().equals(n.getNameAsString())
                            && types.lookup(t.getNameAsString(), t) != null
                            && types.lookup(t.getNameAsString(), t).declarator() == b.declarator()
                            && isJoinResult(a.getValue(), depth + 1)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Whether a lambda parameter receives joined results: the combine of Weft.join or parallelReduce*. */
    private boolean isCombineParameter(Parameter p) {
        if (!(p.getParentNode().orElse(null) instanceof LambdaExpr l)
                || !(l.getParentNode().orElse(null) instanceof MethodCallExpr m)) {
            return false;
        }
        int index = m.getArguments().indexOf(l);
        String name = m.getNameAsString();
        if (name.equals("join") && m.getArguments().size() == 3 && index == 2) {
            return types.isStaticCall(m, Api.WEFT, name);
        }
        if (name.startsWith("parallelReduce") && index == 4) {
            return types.isStaticCall(m, Api.WEFT, name);
        }
        return false;
    }

    /**
     * If the lambda is a subtask being forked (an argument of {@code Weft.join*}, {@code Weft.async},
     * {@code Task.of} or {@code ForkJoinTask.adapt}), the API's name; else null.
     */
    public String forkedLambdaApi(LambdaExpr l) {
        if (!(l.getParentNode().orElse(null) instanceof MethodCallExpr m) || !m.getArguments().contains(l)) {
            return null;
        }
        String name = m.getNameAsString();
        if (Api.WEFT_FORKING_METHODS.contains(name) && types.isStaticCall(m, Api.WEFT, name)) {
            return "Weft." + name;
        }
        if (name.equals("of") && types.isStaticCall(m, Api.WEFT_TASK, name)) {
            return "Task.of";
        }
        if (name.equals("adapt") && types.isStaticCall(m, Api.FJ_TASK, name)) {
            return "ForkJoinTask.adapt";
        }
        return null;
    }

    /** Source text for messages, shortened to one line. */
    public static String text(Node n) {
        return dev.weft.detect.analysis.Snippets.text(n);
    }
}
