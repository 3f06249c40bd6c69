package dev.weft.detect.rules;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import dev.weft.detect.Bottleneck;
import dev.weft.detect.analysis.Ast;
import dev.weft.detect.analysis.Binding;
import dev.weft.detect.analysis.ClassScope;
import dev.weft.detect.analysis.Resolver;
import dev.weft.detect.analysis.Snippets;
import dev.weft.detect.analysis.TaskBody;
import dev.weft.detect.analysis.TypeRef;
import java.util.Set;

/**
 * B2, copy on fork: data copied ({@code Arrays.copyOf/copyOfRange}, {@code clone()}, {@code System.arraycopy}
 * into a fresh array, a collection copied from a {@code subList}, {@code List.copyOf}, a stream slice collected)
 * and handed to a subtask: passed to a task's constructor, captured by a forked lambda, or stored by a task's
 * constructor into the new task.
 *
 * <p>A copy that stays in the task (a leaf sorting its own scratch copy) is not this bottleneck, and neither is
 * a {@code subList} view: it shares the list.
 */
final class CopyOnFork implements Rule {
    private static final Set<String> STREAM_SLICE = Set.of("skip", "limit");
    private static final Set<String> STREAM_END = Set.of("collect", "toList", "toArray");

    @Override
    public Bottleneck bottleneck() {
        return Bottleneck.B2;
    }

    @Override
    public void visit(Node node, TaskBody body, RuleContext ctx) {
        if (!(node instanceof Expression e)) {
            return;
        }
        String copy = copyKind(e, ctx.resolver());
        if (copy == null) {
            return;
        }
        String subtask;
        if (e instanceof MethodCallExpr m && m.getNameAsString().equals("arraycopy")) {
            subtask = freshArrayHandedOn(m, ctx);
        } else {
            subtask = handedToSubtask(e, ctx);
        }
        if (subtask != null) {
            ctx.report(e, Bottleneck.B2, copy + " copies data that is then handed to " + subtask + ": " + COST
                    + " " + FIX, body);
        }
    }

    /** What sort of copy {@code e} is ("Arrays.copyOfRange(...)"), or null if it is none. */
    static String copyKind(Expression e, Resolver resolver) {
        if (e instanceof MethodCallExpr m) {
            String name = m.getNameAsString();
            int n = m.getArguments().size();
            if ((name.equals("copyOf") || name.equals("copyOfRange")) && n >= 2
                    && resolver.expressions().isStaticCall(m, "java.util.Arrays", name)) {
                return "Arrays." + name + "(...)";
            }
            if (name.equals("copyOf") && n == 1 && (resolver.expressions().isStaticCall(m, "java.util.List", name)
                    || resolver.expressions().isStaticCall(m, "java.util.Set", name) || resolver.expressions().isStaticCall(m, "java.util.Map", name))) {
                return Snippets.text(m.getScope().orElse(m)) + ".copyOf(...)";
            }
            if (name.equals("clone") && n == 0 && m.getScope().isPresent()) {
                TypeRef t = resolver.expressions().receiverType(m.getScope().get());
                if (t != null && (t.isArray() || resolver.names().isSubtype(t, "java.util.Collection")
                        || resolver.names().isSubtype(t, "java.util.Map"))) {
                    return Snippets.text(m);
                }
            }
            if (name.equals("arraycopy") && n == 5 && resolver.expressions().isStaticCall(m, "java.lang.System", name)) {
                return "System.arraycopy(...)";
            }
            if (name.equals("toArray") && m.getScope().isPresent() && m.getScope().get() instanceof MethodCallExpr s
                    && s.getNameAsString().equals("subList")) {
                return "subList(...).toArray()";
            }
            if (STREAM_END.contains(name) && isSliceStream(m.getScope().orElse(null), resolver)) {
                return "collecting a stream slice (" + Snippets.text(m) + ")";
            }
            return null;
        }
        if (e instanceof ObjectCreationExpr o && o.getArguments().size() == 1 && o.getAnonymousClassBody().isEmpty()) {
            TypeRef t = resolver.names().resolveType(o.getType(), o);
            if (t == null || !(resolver.names().isSubtype(t, "java.util.Collection") || resolver.names().isSubtype(t, "java.util.Map"))) {
                return null;
            }
            Expression arg = Ast.unwrap(o.getArgument(0));
            if (arg instanceof MethodCallExpr s && s.getNameAsString().equals("subList")) {
                return Snippets.text(o);
            }
            TypeRef a = resolver.expressions().typeOf(arg);
            if (a != null && (resolver.names().isSubtype(a, "java.util.Collection") || resolver.names().isSubtype(a, "java.util.Map"))) {
                return Snippets.text(o);
            }
        }
        return null;
    }

    /** A stream over a slice: {@code Arrays.stream(a, from, to)}, {@code list.subList(..).stream()}, skip/limit. */
    private static boolean isSliceStream(Expression e, Resolver resolver) {
        for (Expression x = e; x instanceof MethodCallExpr m; x = m.getScope().orElse(null)) {
            String name = m.getNameAsString();
            if (STREAM_SLICE.contains(name) || name.equals("subList")) {
                return true;
            }
            if (name.equals("stream") && m.getArguments().size() == 3 && resolver.expressions().isStaticCall(m, "java.util.Arrays", name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * What subtask the value of copy {@code copy} is handed to, or null: directly as a task constructor's
     * argument, through a local variable, into a field of a task being constructed, or inside a forked lambda.
     */
    private static String handedToSubtask(Expression copy, RuleContext ctx) {
        Expression e = Ast.wrapped(copy);
        Node parent = e.getParentNode().orElse(null);
        String direct = taskArgument(e, parent, ctx);
        if (direct != null) {
            return direct;
        }
        if (parent instanceof VariableDeclarator v) {
            return viaVariable(v, v.getNameAsString(), ctx);
        }
        if (parent instanceof AssignExpr a && a.getValue() == e) {
            Expression target = a.getTarget();
            String field = fieldOfNewTask(target, a, ctx);
            if (field != null) {
                return field;
            }
            if (target instanceof NameExpr n) {
                Binding b = ctx.bindings().lookup(n.getNameAsString(), n);
                if (b != null && b.kind() == Binding.Kind.LOCAL) {
                    return viaVariable(b.declarator(), n.getNameAsString(), ctx);
                }
            }
        }
        // Inside a forked lambda, a copy passed on (`() -> sum(copyOfRange(a, 0, mid))`) is made for the subtask.
        for (Node p = parent; p != null && !(p instanceof com.github.javaparser.ast.body.BodyDeclaration<?>);
             p = p.getParentNode().orElse(null)) {
            if (p instanceof LambdaExpr l) {
                String api = ctx.forks().forkedLambdaApi(l);
                if (api != null && (parent instanceof MethodCallExpr || parent instanceof ObjectCreationExpr)) {
                    return "the subtask forked by " + api;
                }
                break;
            }
        }
        return null;
    }

    /** The task a value is passed to when {@code e} is an argument of {@code new SomeTask(...)}; else null. */
    private static String taskArgument(Expression e, Node parent, RuleContext ctx) {
        if (parent instanceof ObjectCreationExpr o && o.getArguments().contains(e)) {
            TypeRef t = ctx.names().resolveType(o.getType(), o);
            if (t != null && ctx.names().isTaskType(t.name())) {
                return "subtask " + Snippets.text(o);
            }
        }
        return null;
    }

    private static String viaVariable(Node declarator, String name, RuleContext ctx) {
        Node callable = Ast.enclosingCallable(declarator);
        for (NameExpr use : ctx.bindings().uses(declarator, name, callable)) {
            Expression w = Ast.wrapped(use);
            String direct = taskArgument(w, w.getParentNode().orElse(null), ctx);
            if (direct != null) {
                return direct;
            }
            for (Node p = use.getParentNode().orElse(null); p != null && p != callable; p = p.getParentNode().orElse(null)) {
                if (p instanceof LambdaExpr l && ctx.forks().forkedLambdaApi(l) != null) {
                    return "the subtask forked by " + ctx.forks().forkedLambdaApi(l);
                }
                if (p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
                    TypeRef t = ctx.names().resolveType(o.getType(), o);
                    if (t != null && ctx.names().isTaskType(t.name())) {
                        return "an anonymous " + o.getType().getNameAsString() + " subtask";
                    }
                }
            }
        }
        return null;
    }

    /** "the new task's field f" when a task's constructor stores the copy into its own field; else null. */
    private static String fieldOfNewTask(Expression target, Node at, RuleContext ctx) {
        if (!(Ast.enclosingCallable(at) instanceof ConstructorDeclaration)) {
            return null;
        }
        String field;
        if (target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
            field = f.getNameAsString();
        } else if (target instanceof NameExpr n) {
            Binding b = ctx.bindings().lookup(n.getNameAsString(), n);
            if (b == null || b.kind() != Binding.Kind.FIELD) {
                return null;
            }
            field = n.getNameAsString();
        } else {
            return null;
        }
        ClassScope c = ctx.bindings().enclosingClass(at);
        if (c == null || c.key() == null || !ctx.names().isTaskType(c.key())) {
            return null;
        }
        return "the new task's field '" + field + "' (a defensive copy in its constructor, made at every fork)";
    }

    /** For {@code System.arraycopy(src, .., dst, ..)} into a fresh local array: what that array is handed to. */
    private static String freshArrayHandedOn(MethodCallExpr m, RuleContext ctx) {
        if (!(Ast.unwrap(m.getArgument(2)) instanceof NameExpr dst)) {
            return null;
        }
        Binding b = ctx.bindings().lookup(dst.getNameAsString(), dst);
        if (b == null || b.kind() != Binding.Kind.LOCAL || !(b.initializer() instanceof ArrayCreationExpr)
                || !(b.declarator() instanceof VariableDeclarator v)) {
            return null;
        }
        if (Ast.unwrap(m.getArgument(0)) instanceof NameExpr src && src.getNameAsString().equals(dst.getNameAsString())) {
            return null;
        }
        return viaVariable(v, v.getNameAsString(), ctx);
    }

    private static final String COST = "each level of the recursion allocates and copies its slice again,"
            + " O(n log n) bytes of short-lived garbage for the collector and memory traffic before the subtask can"
            + " start (data management layer: copy on fork).";
    private static final String FIX = "Share the data and pass the subtask an index range (from, to) instead;"
            + " a List can be shared as a read-only subList view.";
}
