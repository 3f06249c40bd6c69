package dev.weft.detect.rules;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.stmt.ForEachStmt;
import dev.weft.detect.Bottleneck;
import dev.weft.detect.analysis.Api;
import dev.weft.detect.analysis.Ast;
import dev.weft.detect.analysis.Binding;
import dev.weft.detect.analysis.Copies;
import dev.weft.detect.analysis.ExpressionTypes;
import dev.weft.detect.analysis.Forks;
import dev.weft.detect.analysis.Snippets;
import dev.weft.detect.analysis.TaskBody;
import dev.weft.detect.analysis.TypeNames;
import dev.weft.detect.analysis.TypeRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * B3, copy on join: joined results merged by copying them: {@code addAll}/{@code putAll} of a {@code join()}
 * result (or in the combine function of {@code Weft.join}/{@code parallelReduce}), {@code System.arraycopy}
 * or {@code Arrays.copyOf} from a joined array, {@code Stream.concat} of joined results, a collection copied
 * from a joined one. A merge helper of the sources that copies what it is given is reported where it copies and at
 * the call in the task that hands it a joined result, with the helper named: that call is what to change.
 */
final class CopyOnJoin implements Rule {
    private static final Set<String> STREAMS = Set.of("java.util.stream.Stream", "java.util.stream.IntStream",
            "java.util.stream.LongStream", "java.util.stream.DoubleStream");

    @Override
    public Bottleneck bottleneck() {
        return Bottleneck.B3;
    }

    /** A copy of joined data: where, the joined expression copied, and what the message says of it. */
    private record Found(Node at, Expression joined, String message) {
    }

    @Override
    public void visit(Node node, TaskBody body, RuleContext ctx) {
        Found f = find(node, ctx);
        if (f != null) {
            ctx.report(f.at(), Bottleneck.B3, f.message() + ": " + COST + " " + FIX, body);
        } else if (node instanceof MethodCallExpr call) {
            Found inHelper = mergedInHelper(call, ctx);
            if (inHelper != null) {
                ctx.report(call, Bottleneck.B3, inHelper.message() + ": " + COST + " " + FIX, body);
            }
        }
    }

    /**
     * A call that passes a joined result to a method of the sources that copies that parameter (a merge helper,
     * {@code Merge.nearest(left.join(), right, k)}): the copy is made for this task's join, and this call is
     * where to change it, so it is reported here too, naming the helper and what it does.
     */
    private Found mergedInHelper(MethodCallExpr call, RuleContext ctx) {
        if (call.getArguments().isEmpty()) {
            return null;
        }
        List<CallableDeclaration<?>> targets = null;
        for (int i = 0; i < call.getArguments().size(); i++) {
            Expression arg = call.getArgument(i);
            if (!ctx.joined().isJoinedInItsBody(arg)) {
                continue;
            }
            targets = targets != null ? targets : ctx.calls().targets(call);
            for (CallableDeclaration<?> target : targets) {
                if (!(target instanceof MethodDeclaration md) || i >= md.getParameters().size()
                        || md.getParameter(i).isVarArgs() || Ast.enclosingCallable(call) == md) {
                    continue;
                }
                Parameter p = md.getParameter(i);
                List<Found> inside = new ArrayList<>();
                ctx.code().walk(md, false, n -> {
                    Found f = inside.isEmpty() ? find(n, ctx) : null;
                    if (f != null && refersTo(f.joined(), p, ctx)) {
                        inside.add(f);
                    }
                });
                if (!inside.isEmpty()) {
                    Found f = inside.get(0);
                    String file = f.at().findCompilationUnit().flatMap(cu -> cu.getStorage())
                            .map(st -> st.getFileName() + ":").orElse("");
                    return new Found(call, arg, Snippets.text(call) + " hands the joined result " + Snippets.text(arg)
                            + " to " + ctx.code().callableName(md) + ", which copies it (" + file + Ast.line(f.at())
                            + ": " + f.message() + ")");
                }
            }
        }
        return null;
    }

    /** Whether an expression is, or starts from, the parameter {@code p}. */
    private static boolean refersTo(Expression e, Parameter p, RuleContext ctx) {
        for (NameExpr n : Ast.unwrap(e).findAll(NameExpr.class)) {
            Binding b = ctx.bindings().lookup(n.getNameAsString(), n);
            if (b != null && b.declarator() == p) {
                return true;
            }
        }
        Expression x = Ast.unwrap(e);
        if (x instanceof NameExpr n) {
            Binding b = ctx.bindings().lookup(n.getNameAsString(), n);
            return b != null && b.declarator() == p;
        }
        return false;
    }

    /** The copy of joined data that {@code node} is, or null. */
    private static Found find(Node node, RuleContext ctx) {
        TypeNames names = ctx.names();
        ExpressionTypes expressions = ctx.expressions();
        if (node instanceof MethodCallExpr m) {
            String name = m.getNameAsString();
            int n = m.getArguments().size();
            Expression copied = null;
            if ((name.equals("addAll") || name.equals("putAll")) && n >= 1 && m.getScope().isPresent()) {
                Expression arg = m.getArgument(n - 1);
                if (ctx.joined().isJoinResult(arg)) {
                    copied = arg;
                }
            } else if (name.equals("arraycopy") && n == 5 && expressions.isStaticCall(m, "java.lang.System", name)) {
                if (ctx.joined().isJoinResult(m.getArgument(0))) {
                    copied = m.getArgument(0);
                }
            } else if ((name.equals("copyOf") || name.equals("copyOfRange")) && n >= 2
                    && expressions.isStaticCall(m, "java.util.Arrays", name) && ctx.joined().isJoinResult(m.getArgument(0))) {
                copied = m.getArgument(0);
            } else if (name.equals("concat") && n == 2 && isStreamConcat(m, expressions)) {
                for (Expression a : m.getArguments()) {
                    if (containsJoinResult(a, ctx)) {
                        copied = a;
                        break;
                    }
                }
            }
            if (copied != null) {
                return new Found(m, copied, Snippets.text(m) + " merges the joined result " + Snippets.text(copied)
                        + " by copying it");
            } else if (name.equals("toArray") && n <= 1 && m.getScope().isPresent()
                    && ctx.joined().isJoinResult(m.getScope().get())) {
                TypeRef t = expressions.typeOf(m.getScope().get());
                if (t != null && names.isSubtype(t, "java.util.Collection")) {
                    return new Found(m, m.getScope().get(), Snippets.text(m) + " copies the joined results in "
                            + Snippets.text(m.getScope().get()) + " into a new array");
                }
            } else if (name.equals("forEach") && n == 1 && m.getScope().isPresent()
                    && containsJoinResult(m.getScope().get(), ctx)) {
                String put = copyingFunction(m.getArgument(0), ctx);
                if (put != null) {
                    return new Found(m, m.getScope().get(), "this forEach copies the elements of the joined result "
                            + Snippets.text(m.getScope().get()) + " into another container (" + put + ")");
                }
            } else if (STREAM_END.contains(name) && m.getScope().isPresent()) {
                MethodCallExpr flat = flattensJoinedResults(m.getScope().get(), ctx);
                if (flat != null) {
                    return new Found(m, flat.getScope().orElseThrow(), "this stream copies the elements of the"
                            + " joined results " + Snippets.text(flat.getScope().orElseThrow()) + " into a new "
                            + (name.equals("toArray") ? "array" : "collection") + " (" + flat.getNameAsString() + "("
                            + String.join(", ", flat.getArguments().stream().map(Snippets::text).toList()) + ") then "
                            + name + ")");
                }
            }
        } else if (node instanceof ForEachStmt loop && containsJoinResult(loop.getIterable(), ctx)) {
            MethodCallExpr put = copyingCall(loop, ctx);
            if (put != null) {
                return new Found(loop, loop.getIterable(), "this loop copies the elements of the joined result "
                        + Snippets.text(loop.getIterable()) + " into " + Snippets.text(put.getScope().orElseThrow())
                        + " (" + Snippets.text(put) + ")");
            }
        } else if ((node instanceof ArrayCreationExpr || node instanceof ObjectCreationExpr)
                && node.getParentNode().orElse(null) instanceof VariableDeclarator v && Ast.enclosingCallable(v) != null
                && !(node instanceof ObjectCreationExpr c && c.getArguments().size() == 1 && isCollection(c, names))) {
            Copies.Fill fill = ctx.resolver().copies().filled(v, value -> readsJoined(value, ctx, 0));
            if (fill != null && !fill.byArraycopy()) {
                return new Found(node, fill.fill() instanceof Expression x ? x : (Expression) node, fill.what()
                        + ": a new container filled, element by element, from joined results");
            }
        } else if (node instanceof ObjectCreationExpr o && o.getArguments().size() == 1
                && o.getAnonymousClassBody().isEmpty() && ctx.joined().isJoinResult(o.getArgument(0))) {
            TypeRef t = names.resolveType(o.getType(), o);
            if (t != null && (names.isSubtype(t, "java.util.Collection") || names.isSubtype(t, "java.util.Map"))) {
                return new Found(o, o.getArgument(0), Snippets.text(o) + " copies the joined result "
                        + Snippets.text(o.getArgument(0)));
            }
        }
        return null;
    }

    /**
     * The {@code flatMap} step of a stream pipeline whose elements, at that step, are joined results:
     * {@code tasks.stream().map(ForkJoinTask::join).flatMap(List::stream)}, or
     * {@code Stream.of(a.join(), b.join()).flatMap(...)}; null for any other pipeline (one that only gathers the
     * results, or sums them, copies nothing).
     */
    private static MethodCallExpr flattensJoinedResults(Expression pipeline, RuleContext ctx) {
        MethodCallExpr flat = null;
        for (Expression x = Ast.unwrap(pipeline); x instanceof MethodCallExpr step; ) {
            String name = step.getNameAsString();
            if (name.startsWith("flatMap") || name.equals("mapMulti")) {
                flat = step;
            } else if (flat != null && (name.equals("map") || name.equals("mapToObj")) && step.getArguments().size() == 1
                    && joins(step.getArgument(0), ctx)) {
                return flat;
            } else if (flat != null && name.equals("of") && !step.getArguments().isEmpty()
                    && ctx.expressions().isStaticCall(step, "java.util.stream.Stream", name)
                    && step.getArguments().stream().allMatch(a -> ctx.joined().isJoinResult(a))) {
                return flat;
            }
            x = step.getScope().map(Ast::unwrap).orElse(null);
        }
        return null;
    }

    /**
     * Whether a function maps a task to its joined result: {@code ForkJoinTask::join} (or any task or future
     * type's {@code join}, {@code invoke}, {@code getRawResult}, {@code resultNow}), {@code t -> t.join()}.
     */
    private static boolean joins(Expression function, RuleContext ctx) {
        Expression f = Ast.unwrap(function);
        if (f instanceof MethodReferenceExpr r && JOINS.contains(r.getIdentifier()) && r.getScope() instanceof TypeExpr t) {
            TypeRef type = ctx.names().resolveType(t.getType(), t);
            return type != null && (ctx.names().isTaskType(type.name()) || ctx.names().isSubtype(type, Api.FUTURE));
        }
        if (f instanceof LambdaExpr l && l.getParameters().size() == 1) {
            Expression value = l.getExpressionBody().map(Ast::unwrap).orElse(null);
            String param = l.getParameter(0).getNameAsString();
            return value instanceof MethodCallExpr c && JOINS.contains(c.getNameAsString()) && c.getArguments().isEmpty()
                    && c.getScope().map(Ast::unwrap).orElse(null) instanceof NameExpr n
                    && n.getNameAsString().equals(param);
        }
        return false;
    }

    private static final Set<String> JOINS = Set.of("join", "invoke", "getRawResult", "resultNow");
    private static final Set<String> STREAM_END = Set.of("collect", "toList", "toArray");

    private static boolean isCollection(ObjectCreationExpr o, TypeNames names) {
        TypeRef t = names.resolveType(o.getType(), o);
        return t != null && (names.isSubtype(t, "java.util.Collection") || names.isSubtype(t, "java.util.Map"));
    }

    /**
     * The call of a loop over a joined result that puts what it reads into another container
     * ({@code merged.merge(e.getKey(), ...)}, {@code out.add(x)}); null if the loop only reads (sums, counts).
     */
    private static MethodCallExpr copyingCall(ForEachStmt loop, RuleContext ctx) {
        String element = loop.getVariable().getVariable(0).getNameAsString();
        for (MethodCallExpr m : loop.getBody().findAll(MethodCallExpr.class)) {
            if (PUTS.contains(m.getNameAsString()) && m.getScope().isPresent() && !m.getArguments().isEmpty()
                    && Forks.innermostLoop(m) == loop && isContainer(m.getScope().get(), ctx)) {
                for (Expression a : m.getArguments()) {
                    if (a.findAll(NameExpr.class).stream().anyMatch(n -> n.getNameAsString().equals(element))) {
                        return m;
                    }
                }
            }
        }
        return null;
    }

    /**
     * The put of a function handed to {@code forEach} that puts what it is given into a container
     * ({@code (k, v) -> merged.merge(k, v, Long::sum)}, {@code out::add}), as text; null if it does anything else
     * with it (sums it, prints it).
     */
    private static String copyingFunction(Expression function, RuleContext ctx) {
        Expression f = Ast.unwrap(function);
        if (f instanceof MethodReferenceExpr r && PUTS.contains(r.getIdentifier()) && !(r.getScope() instanceof TypeExpr)
                && isContainer(r.getScope(), ctx)) {
            return Snippets.text(r);
        }
        if (!(f instanceof LambdaExpr l)) {
            return null;
        }
        Set<String> params = new java.util.HashSet<>();
        l.getParameters().forEach(p -> params.add(p.getNameAsString()));
        for (MethodCallExpr c : l.getBody().findAll(MethodCallExpr.class)) {
            if (PUTS.contains(c.getNameAsString()) && c.getScope().isPresent() && !c.getArguments().isEmpty()
                    && isContainer(c.getScope().get(), ctx) && c.getArguments().stream().anyMatch(a -> a.findAll(NameExpr.class).stream()
                            .anyMatch(x -> params.contains(x.getNameAsString())))) {
                return Snippets.text(c);
            }
        }
        return null;
    }

    /** Whether a value put into a new container is read from a joined result ({@code x[i++]}, {@code x.get(i)}). */
    private static boolean readsJoined(Expression value, RuleContext ctx, int depth) {
        Expression v = Ast.unwrap(value);
        if (depth > 3) {
            return false;
        }
        if (v instanceof ConditionalExpr c) {
            return readsJoined(c.getThenExpr(), ctx, depth + 1) || readsJoined(c.getElseExpr(), ctx, depth + 1);
        }
        if (v instanceof ArrayAccessExpr a) {
            return ctx.joined().isJoinResult(a.getName());
        }
        if (v instanceof MethodCallExpr m && m.getNameAsString().equals("get") && m.getArguments().size() == 1
                && m.getScope().isPresent()) {
            return ctx.joined().isJoinResult(m.getScope().get());
        }
        return false;
    }

    /** Whether {@code e} is a collection or a map (an adder or a BigDecimal has an {@code add} too). */
    private static boolean isContainer(Expression e, RuleContext ctx) {
        TypeRef t = ctx.expressions().typeOf(e);
        return t != null && (ctx.names().isSubtype(t, "java.util.Collection") || ctx.names().isSubtype(t, "java.util.Map"));
    }

    private static final Set<String> PUTS = Set.of("add", "addAll", "put", "putAll", "merge", "offer", "push",
            "addLast", "addFirst", "putIfAbsent", "compute");

    private static boolean isStreamConcat(MethodCallExpr m, ExpressionTypes expressions) {
        for (String s : STREAMS) {
            if (expressions.isStaticCall(m, s, "concat")) {
                return true;
            }
        }
        return false;
    }

    private static boolean containsJoinResult(Expression e, RuleContext ctx) {
        for (Expression x = Ast.unwrap(e); x != null; ) {
            if (ctx.joined().isJoinResult(x)) {
                return true;
            }
            x = x instanceof MethodCallExpr c ? c.getScope().orElse(null) : null;
        }
        return false;
    }

    private static final String COST = "every level of the recursion copies all the results below it again after"
            + " the join, allocating short-lived garbage and lengthening the critical path while the joining"
            + " worker waits (data management layer: copy on join).";
    private static final String FIX = "Give the subtasks a shared result structure (an output array with index"
            + " ranges, or one concurrent collection) so each writes its part in place.";
}
