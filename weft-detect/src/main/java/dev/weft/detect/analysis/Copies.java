package dev.weft.detect.analysis;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NullLiteralExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Expressions that copy data, or hand out a view of it: what copy on fork (B2) looks for, and what its rewrite
 * recognizes.
 *
 * <ul>
 *   <li>copies: {@code Arrays.copyOf/copyOfRange}, {@code clone()} of arrays and collections,
 *   {@code List/Set/Map.copyOf}, {@code substring} (which copies the characters), a collection constructed from
 *   another, {@code subList(..).toArray()}, a stream over existing data collected into a new collection or array,
 *   {@code System.arraycopy};</li>
 *   <li>views: {@code list.subList(i, j)};</li>
 *   <li>a call to a method of the analysed sources that returns one of those (a {@code split(a)} helper);</li>
 *   <li>a new collection or array that the code fills, element by element, from a variable holding existing data
 *   ({@link #filledFromData}).</li>
 * </ul>
 */
public final class Copies {
    private static final Set<String> STREAM_END = Set.of("collect", "toList", "toArray");
    private static final Set<String> STREAM_STEPS = Set.of("filter", "map", "mapToObj", "mapToInt", "mapToLong",
            "mapToDouble", "boxed", "sorted", "distinct", "skip", "limit", "peek", "flatMap", "takeWhile", "dropWhile",
            "parallel", "sequential", "unordered");
    private static final Set<String> FILLS = Set.of("add", "addAll", "put", "putAll", "addLast", "addFirst", "offer",
            "push");
    private static final int HELPER_DEPTH = 3;
    /** Calls that take one element out of a collection (or an iterator over one). */
    private static final Set<String> ELEMENT_TAKES = Set.of("getFirst", "getLast", "removeFirst", "removeLast",
            "pollFirst", "pollLast", "poll", "pop", "remove", "element", "peek", "peekFirst", "peekLast", "first",
            "last", "next");

    /** What sort of copy. */
    public enum Kind {
        /** New memory holding the data again. */
        COPY,
        /** A view of the data (a {@code subList}): no copy, but an indirection onto the parent collection. */
        VIEW
    }

    /**
     * A copy or view.
     *
     * @param kind   copy or view
     * @param what   how messages name it: {@code "Arrays.copyOfRange(...)"}, {@code "RayUtil.slice(...), which
     *               copies (System.arraycopy in RayUtil.java:14)"}
     * @param helper the method of the sources that makes it, when the expression is a call to one; else null
     * @param source the expression whose data is copied ({@code a} in {@code Arrays.copyOf(a, n)}), when one is
     */
    public record Copy(Kind kind, String what, MethodDeclaration helper, Expression source) {
        public Copy(Kind kind, String what, MethodDeclaration helper) {
            this(kind, what, helper, null);
        }
    }

    /** A copy a method returns, and which of its parameters holds the data copied (-1: none of them). */
    private record Returned(Copy copy, int parameter) {
    }

    private final Resolver resolver;
    private final Map<MethodDeclaration, List<Returned>> returned = new IdentityHashMap<>();

    Copies(Resolver resolver) {
        this.resolver = resolver;
    }

    /** The copy or view that {@code e} is, or null. */
    public Copy of(Expression e) {
        return of(e, 0);
    }

    private Copy of(Expression e, int depth) {
        ExpressionTypes expressions = resolver.expressions();
        TypeNames names = resolver.names();
        if (e instanceof MethodCallExpr m) {
            String name = m.getNameAsString();
            int n = m.getArguments().size();
            if ((name.equals("copyOf") || name.equals("copyOfRange")) && n >= 2
                    && expressions.isStaticCall(m, "java.util.Arrays", name)) {
                return new Copy(Kind.COPY, "Arrays." + name + "(...)", null, m.getArgument(0));
            }
            if (name.equals("copyOf") && n == 1 && (expressions.isStaticCall(m, "java.util.List", name)
                    || expressions.isStaticCall(m, "java.util.Set", name)
                    || expressions.isStaticCall(m, "java.util.Map", name))) {
                return new Copy(Kind.COPY, Snippets.text(m.getScope().orElse(m)) + ".copyOf(...)", null, m.getArgument(0));
            }
            if (name.equals("clone") && n == 0 && m.getScope().isPresent()) {
                TypeRef t = expressions.receiverType(m.getScope().get());
                if (t != null && (t.isArray() || names.isSubtype(t, "java.util.Collection")
                        || names.isSubtype(t, "java.util.Map"))) {
                    return new Copy(Kind.COPY, Snippets.text(m), null, m.getScope().get());
                }
                return null;
            }
            // Since JDK 7u6 a substring has its own copy of the characters.
            if ((name.equals("substring") || name.equals("subSequence")) && (n == 1 || n == 2) && m.getScope().isPresent()) {
                TypeRef t = expressions.typeOf(m.getScope().get());
                if (t != null && (t.name().equals("java.lang.String") || t.name().equals("java.lang.StringBuilder")
                        || t.name().equals("java.lang.StringBuffer"))) {
                    return new Copy(Kind.COPY, Snippets.text(m) + " (a substring: a copy of the characters)", null,
                            m.getScope().get());
                }
                return null;
            }
            if (name.equals("arraycopy") && n == 5 && expressions.isStaticCall(m, "java.lang.System", name)) {
                return new Copy(Kind.COPY, "System.arraycopy(...)", null, m.getArgument(0));
            }
            if (name.equals("toArray") && m.getScope().isPresent() && isSubList(m.getScope().get())) {
                return new Copy(Kind.COPY, "subList(...).toArray()", null,
                        ((MethodCallExpr) Ast.unwrap(m.getScope().get())).getScope().orElse(null));
            }
            if (STREAM_END.contains(name) && streamsExistingData(m.getScope().orElse(null))) {
                return new Copy(Kind.COPY, "collecting a stream of existing data (" + Snippets.text(m) + ")", null);
            }
            if (isSubList(m)) {
                return new Copy(Kind.VIEW, Snippets.text(m), null, m.getScope().orElse(null));
            }
            if (depth < HELPER_DEPTH) {
                return helperCopy(m, depth);
            }
            return null;
        }
        if (e instanceof ObjectCreationExpr o && o.getArguments().size() == 1 && o.getAnonymousClassBody().isEmpty()) {
            TypeRef t = names.resolveType(o.getType(), o);
            if (t == null || !(names.isSubtype(t, "java.util.Collection") || names.isSubtype(t, "java.util.Map"))) {
                return null;
            }
            Expression arg = Ast.unwrap(o.getArgument(0));
            TypeRef a = expressions.typeOf(arg);
            if (isSubList(arg) || (a != null && (names.isSubtype(a, "java.util.Collection")
                    || names.isSubtype(a, "java.util.Map")))) {
                return new Copy(Kind.COPY, Snippets.text(o), null, arg);
            }
        }
        return null;
    }

    /** {@code x.subList(i, j)} on a list (or on a receiver of unknown type). */
    public boolean isSubList(Expression e) {
        if (!(Ast.unwrap(e) instanceof MethodCallExpr m) || !m.getNameAsString().equals("subList")
                || m.getArguments().size() != 2 || m.getScope().isEmpty()) {
            return false;
        }
        TypeRef t = resolver.expressions().typeOf(m.getScope().get());
        return t == null || resolver.names().isSubtype(t, "java.util.List");
    }

    /**
     * Whether a stream pipeline (the receiver of its terminal operation) starts from data that already exists:
     * {@code c.stream()} of a collection, {@code Arrays.stream(a...)}, {@code Stream.of(array)}, through any
     * number of intermediate steps; not a generated range ({@code IntStream.range}).
     */
    private boolean streamsExistingData(Expression e) {
        for (Expression x = e; x instanceof MethodCallExpr m; x = m.getScope().orElse(null)) {
            String name = m.getNameAsString();
            if ((name.equals("stream") || name.equals("parallelStream")) && m.getArguments().isEmpty()
                    && m.getScope().isPresent()) {
                TypeRef t = resolver.expressions().typeOf(m.getScope().get());
                return t == null || resolver.names().isSubtype(t, "java.util.Collection");
            }
            if (name.equals("stream") && m.getArguments().size() >= 1
                    && resolver.expressions().isStaticCall(m, "java.util.Arrays", name)) {
                return true;
            }
            if (!STREAM_STEPS.contains(name)) {
                return false;
            }
        }
        return false;
    }

    /**
     * A call to a method of the sources that returns a copy or a view it makes; not when what it would copy is a
     * parameter that this call gives nothing to copy ({@code malloc(n, null)}: a new, zeroed array).
     */
    private Copy helperCopy(MethodCallExpr m, int depth) {
        for (CallableDeclaration<?> target : resolver.calls().targets(m)) {
            if (target instanceof MethodDeclaration md) {
                for (Returned r : returned(md, depth + 1)) {
                    Expression source = r.parameter() >= 0 && r.parameter() < m.getArguments().size()
                            ? m.getArgument(r.parameter()) : null;
                    if (source != null && isNothing(source)) {
                        continue;
                    }
                    Copy inner = r.copy();
                    return new Copy(inner.kind(), Snippets.text(m) + ", which returns "
                            + (inner.kind() == Kind.VIEW ? "a view " : "a copy ") + "(" + inner.what() + " in "
                            + where(md) + ")", md, source);
                }
            }
        }
        return null;
    }

    /** {@code null}, or a new array or collection with nothing in it yet: no data to copy. */
    private static boolean isNothing(Expression e) {
        Expression x = Ast.unwrap(e);
        return x instanceof NullLiteralExpr
                || x instanceof ArrayCreationExpr a && a.getInitializer().isEmpty()
                || x instanceof ObjectCreationExpr o && o.getArguments().isEmpty() && o.getAnonymousClassBody().isEmpty();
    }

    private String where(MethodDeclaration md) {
        SourceFile f = md.findCompilationUnit().map(resolver.index()::file).orElse(null);
        String owner = md.getParentNode().filter(p -> p instanceof com.github.javaparser.ast.body.TypeDeclaration<?>)
                .map(p -> ((com.github.javaparser.ast.body.TypeDeclaration<?>) p).getNameAsString() + ".").orElse("");
        return owner + md.getNameAsString() + "()" + (f == null ? "" : ", " + f.path().getFileName() + ":" + Ast.line(md));
    }

    /**
     * The copies or views a method returns, one per return statement that returns one, each with the parameter
     * whose data it copies (when it is one).
     */
    private List<Returned> returned(MethodDeclaration md, int depth) {
        List<Returned> known = returned.get(md);
        if (known != null) {
            return known;
        }
        returned.put(md, List.of());
        List<Returned> found = new ArrayList<>();
        if (md.getBody().isPresent()) {
            for (ReturnStmt r : md.getBody().get().findAll(ReturnStmt.class)) {
                if (r.getExpression().isEmpty() || Ast.enclosingCallable(r) != md) {
                    continue;
                }
                Expression value = Ast.unwrap(r.getExpression().get());
                Copy c = of(value, depth);
                if (c == null && value instanceof ArrayCreationExpr pieces && pieces.getInitializer().isPresent()) {
                    // An array of copies ({@code new int[][] {copyOfRange(a, 0, m), copyOfRange(a, m, n)}}, or of
                    // locals holding them).
                    for (Expression piece : pieces.getInitializer().get().getValues()) {
                        Expression p = Ast.unwrap(piece);
                        Copy inner = p instanceof NameExpr n ? localCopy(n, depth) : of(p, depth);
                        if (inner != null) {
                            c = new Copy(inner.kind(), "an array of " + inner.what(), null);
                            break;
                        }
                    }
                }
                if (c == null && value instanceof ConditionalExpr choice) {
                    c = of(Ast.unwrap(choice.getThenExpr()), depth);
                    c = c != null ? c : of(Ast.unwrap(choice.getElseExpr()), depth);
                }
                if (c == null && value instanceof NameExpr n) {
                    c = localCopy(n, depth);
                }
                if (c != null) {
                    found.add(new Returned(c, parameterIndex(c.source(), md)));
                }
            }
        }
        List<Returned> result = List.copyOf(found);
        returned.put(md, result);
        return result;
    }

    /** The copy a local variable holds: its initializer, or a new container it fills from existing data. */
    private Copy localCopy(NameExpr n, int depth) {
        Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
        if (b == null || b.kind() != Binding.Kind.LOCAL || !(b.declarator() instanceof VariableDeclarator v)) {
            return null;
        }
        Copy c = b.initializer() == null ? null : of(Ast.unwrap(b.initializer()), depth);
        if (c == null) {
            Fill filled = filledFromData(v);
            c = filled == null ? null : new Copy(Kind.COPY, filled.what(), null);
        }
        return c;
    }

    /** Which parameter of {@code md} an expression is, or -1. */
    private int parameterIndex(Expression e, MethodDeclaration md) {
        if (e == null || !(Ast.unwrap(e) instanceof NameExpr n)) {
            return -1;
        }
        Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
        return b != null && b.kind() == Binding.Kind.PARAMETER ? Ast.indexOfSame(md.getParameters(), b.declarator()) : -1;
    }

    /**
     * A new container filled with existing data.
     *
     * @param what how messages name it: {@code "new ArrayList<>(), filled from x"}
     * @param fill the call or assignment that fills it (a {@code System.arraycopy} is reported as a copy of its own)
     */
    public record Fill(String what, Node fill) {
        public boolean byArraycopy() {
            return fill instanceof MethodCallExpr m && m.getNameAsString().equals("arraycopy");
        }
    }

    /**
     * If the local variable {@code v} starts as a new, empty collection or array and the code then fills it with
     * existing data (element reads of an array or collection that some other variable holds, or
     * {@code System.arraycopy} into it), how; else null.
     */
    public Fill filledFromData(VariableDeclarator v) {
        return filled(v, value -> readsData(value, v));
    }

    /**
     * If the local variable {@code v} starts as a new, empty collection or array and the code then fills it with
     * values that {@code reads} accepts ({@code System.arraycopy} into it is accepted when {@code reads} accepts
     * its source), how; else null.
     */
    public Fill filled(VariableDeclarator v, java.util.function.Predicate<Expression> reads) {
        Expression init = v.getInitializer().map(Ast::unwrap).orElse(null);
        boolean fresh = init instanceof ArrayCreationExpr a && a.getInitializer().isEmpty()
                || init instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isEmpty() && isContainer(o)
                && (o.getArguments().isEmpty() || isSize(o.getArgument(0)));
        if (!fresh) {
            return null;
        }
        Node scope = Ast.enclosingCallable(v);
        if (scope == null) {
            return null;
        }
        String name = v.getNameAsString();
        for (NameExpr use : resolver.bindings().uses(v, name, scope)) {
            if (inSubtask(use, scope)) {
                continue;
            }
            Node parent = use.getParentNode().orElse(null);
            // The receiver may be chosen ({@code (odd ? a : b).add(x)}), the element nested ({@code b[i][j] = x}).
            Expression receiver = use;
            while (receiver.getParentNode().orElse(null) instanceof Expression p
                    && (p instanceof EnclosedExpr || p instanceof CastExpr
                    || p instanceof ConditionalExpr c && c.getCondition() != receiver)) {
                receiver = p;
            }
            Expression element = use;
            while (element.getParentNode().orElse(null) instanceof ArrayAccessExpr a && a.getName() == element) {
                element = a;
            }
            Expression value = null;
            if (receiver.getParentNode().orElse(null) instanceof MethodCallExpr m && m.getScope().orElse(null) == receiver
                    && FILLS.contains(m.getNameAsString()) && !m.getArguments().isEmpty()) {
                parent = m;
                value = m.getArgument(m.getArguments().size() - 1);
            } else if (element != use && element.getParentNode().orElse(null) instanceof AssignExpr as
                    && as.getTarget() == element) {
                parent = as;
                value = as.getValue();
            } else if (parent instanceof MethodCallExpr m && m.getNameAsString().equals("arraycopy")
                    && m.getArguments().size() == 5 && m.getArgument(2) == use && m.getArgument(0) != use
                    && reads.test(m.getArgument(0))) {
                return new Fill(Snippets.text(init) + ", filled by " + Snippets.text(m), m);
            }
            if (value != null && reads.test(value)) {
                return new Fill(Snippets.text(init) + ", filled from " + Snippets.text(value), parent);
            }
        }
        return null;
    }

    /**
     * Whether a use is in the code of a subtask created in {@code scope} (an anonymous task's body, a forked
     * lambda): a new array that the subtask fills itself is its own working memory, not data the parent copied.
     */
    private boolean inSubtask(Node use, Node scope) {
        Node child = use;
        for (Node p = use.getParentNode().orElse(null); p != null && p != scope; child = p, p = p.getParentNode().orElse(null)) {
            if (p instanceof LambdaExpr l && resolver.forks().forkedLambdaApi(l) != null) {
                return true;
            }
            if (p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()
                    && Ast.containsSame(o.getAnonymousClassBody().get(), child)) {
                TypeRef t = resolver.names().resolveType(o.getType(), o);
                if (t != null && resolver.names().isTaskType(t.name())) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean isContainer(ObjectCreationExpr o) {
        TypeRef t = resolver.names().resolveType(o.getType(), o);
        return t != null && (resolver.names().isSubtype(t, "java.util.Collection")
                || resolver.names().isSubtype(t, "java.util.Map"));
    }

    private boolean isSize(Expression e) {
        TypeRef t = resolver.expressions().typeOf(e);
        return t == null || t.isPrimitive();
    }

    /**
     * Whether a value put into the new container is existing data: an element of an array or list held by
     * another variable ({@code a[i]}, {@code xs.get(i)}), one taken out of another collection
     * ({@code xs.removeFirst()}, {@code it.next()}), a copy of a part of it ({@code m[i].clone()}), a whole
     * collection ({@code addAll(xs)}), or the variable of a for-each loop over one.
     */
    private boolean readsData(Expression value, VariableDeclarator target) {
        Expression v = Ast.unwrap(value);
        if (v instanceof ArrayAccessExpr a) {
            Expression base = a.getName();
            while (base instanceof ArrayAccessExpr inner) {
                base = inner.getName();
            }
            return !refersTo(base, target);
        }
        // A part of the element of a loop over existing data ({@code e.getValue()} of an entry).
        if (v instanceof MethodCallExpr m && m.getArguments().isEmpty() && m.getScope().isPresent()
                && Ast.unwrap(m.getScope().get()) instanceof NameExpr owner && isLoopElementOverData(owner)) {
            return true;
        }
        if (v instanceof MethodCallExpr m && m.getNameAsString().equals("get") && m.getArguments().size() == 1
                && m.getScope().isPresent()) {
            TypeRef t = resolver.expressions().typeOf(m.getScope().get());
            return t != null && resolver.names().isSubtype(t, "java.util.List") && !refersTo(m.getScope().get(), target);
        }
        // A copy of a part of the data ({@code r[i] = m[from + i].clone()}: a new array of copied rows).
        if (of(v) != null) {
            return true;
        }
        // An element taken out of another collection, or off an iterator over one: moved rather than copied, but
        // into new memory all the same ({@code half.add(costs.removeFirst())}).
        if (v instanceof MethodCallExpr m && ELEMENT_TAKES.contains(m.getNameAsString()) && m.getArguments().size() <= 1
                && m.getScope().isPresent() && !refersTo(m.getScope().get(), target)) {
            TypeRef t = resolver.expressions().typeOf(m.getScope().get());
            return t != null && !t.isArray() && (resolver.names().isSubtype(t, "java.util.Collection")
                    || resolver.names().isSubtype(t, "java.util.Iterator"));
        }
        if (v instanceof NameExpr n) {
            Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
            if (b == null || b.declarator() == target) {
                return false;
            }
            if (b.declarator() instanceof VariableDeclarator d && d.getParentNode().orElse(null)
                    instanceof com.github.javaparser.ast.expr.VariableDeclarationExpr decl
                    && decl.getParentNode().orElse(null) instanceof ForEachStmt loop) {
                TypeRef t = resolver.expressions().typeOf(loop.getIterable());
                return t != null && (t.isArray() || resolver.names().isSubtype(t, "java.lang.Iterable"));
            }
            TypeRef t = resolver.bindings().typeOf(b);
            return t != null && (t.isArray() || resolver.names().isSubtype(t, "java.util.Collection"));
        }
        return false;
    }

    /** Whether a name is the variable of a for-each loop over an array or an iterable. */
    private boolean isLoopElementOverData(NameExpr n) {
        Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
        if (b != null && b.declarator() instanceof VariableDeclarator d && d.getParentNode().orElse(null)
                instanceof com.github.javaparser.ast.expr.VariableDeclarationExpr decl
                && decl.getParentNode().orElse(null) instanceof ForEachStmt loop) {
            TypeRef t = resolver.expressions().typeOf(loop.getIterable());
            return t == null || t.isArray() || resolver.names().isSubtype(t, "java.lang.Iterable");
        }
        return false;
    }

    private static boolean refersTo(Expression e, VariableDeclarator v) {
        Expression x = Ast.unwrap(e);
        return x instanceof NameExpr n && n.getNameAsString().equals(v.getNameAsString())
                || x instanceof FieldAccessExpr f && f.getNameAsString().equals(v.getNameAsString());
    }
}
