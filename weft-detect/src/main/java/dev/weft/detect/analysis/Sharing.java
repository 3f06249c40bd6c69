package dev.weft.detect.analysis;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.InstanceOfExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which objects tasks that run at the same time can reach: a lock taken on any other object is never contended,
 * so taking it costs a few nanoseconds and blocks no worker (a hidden lock of a {@code StringBuffer} built in a
 * task, a {@code Random} made for one task, a {@code Properties} filled before it is handed on).
 *
 * <p>An object is <em>confined</em> to the task that evaluates an expression when the expression is:
 * <ul>
 *   <li>a new object ({@code new StringBuffer()}), or a method of the sources that returns one on every path and
 *   keeps no other reference to it ({@code RandomUtils.getRNG(seed)});</li>
 *   <li>{@code ThreadLocal.get()}: the calling thread's own object, and a worker runs one task at a time;</li>
 *   <li>a joined result ({@code t.join()}, a future's {@code get()}): after the join, the joiner has it alone;</li>
 *   <li>a local variable whose every value is one of these, that no lambda, anonymous or local class captures
 *   (the issue of who else runs that code is then open), and that has not yet been published where the lock is
 *   taken: stored into a field, an array or another variable, or passed to code that may keep it (a library
 *   method, a constructor, a method of the sources that publishes that parameter). Publishing it later, or
 *   returning it, leaves the earlier calls on an object nobody else could see;</li>
 *   <li>a parameter of a method of the sources whose every call passes it a confined object, not yet published
 *   at the call, and that the method has not published before the lock;</li>
 *   <li>a field of a confined object that the class only ever sets to new objects ({@code scope._levels}, where
 *   {@code scope} is a ThreadLocal's value and {@code _levels = new Stack<>()}).</li>
 * </ul>
 * Everything else may be shared: fields and statics of shared objects, captured variables, lambda parameters,
 * parameters of methods the sources do not call (a caller outside them may pass anything), elements of arrays,
 * results of library methods ({@code ThreadLocalRandom.current()} is one instance for all threads on JDK 25).
 * Depth is bounded; past the bound an object counts as shared, so the answer errs towards reporting.
 */
public final class Sharing {
    private static final int MAX_DEPTH = 4;
    /** Calls that read an argument and keep no reference to it. */
    private static final Set<String> READING_CALLS = Set.of("valueOf", "print", "println", "printf", "format",
            "append", "insert", "equals", "hash", "hashCode", "toString", "requireNonNull", "isNull", "nonNull",
            "join", "contentEquals");

    private final Resolver resolver;
    private final Map<MethodDeclaration, Boolean> freshReturns = new IdentityHashMap<>();
    private final Map<MethodDeclaration, Boolean> confinedReceivers = new IdentityHashMap<>();

    Sharing(Resolver resolver) {
        this.resolver = resolver;
    }

    /**
     * Whether the object {@code e} evaluates to may be reached by other tasks running at the same time, when
     * {@code e} is evaluated.
     */
    public boolean mayBeShared(Expression e) {
        return !confined(e, e, 0);
    }

    /**
     * Whether the object a call runs its method on may be reached by other tasks: its receiver, or for a call on
     * {@code this} (written or implicit), the object the calling method runs on.
     */
    public boolean receiverMayBeShared(MethodCallExpr call) {
        Expression scope = call.getScope().map(Ast::unwrap).orElse(null);
        if (scope == null || scope instanceof ThisExpr t && t.getTypeName().isEmpty()) {
            return !(Ast.enclosingCallable(call) instanceof MethodDeclaration caller) || !calledOnlyOnConfined(caller, 0);
        }
        return mayBeShared(scope);
    }

    /**
     * Whether every call of an instance method in the sources is made on a confined object: on a receiver that no
     * other task can reach, or on {@code this} from a method of the same object that is itself only called that
     * way; then {@code this} in it is confined too ({@code synchronized (this)} in {@code Futures.add}, called as
     * {@code fs.add(f)} on a Futures the caller made). Not for a static method (its lock is the class), one with no
     * call in the sources, or one that overrides a supertype's method (calls through the supertype are not found
     * as its calls).
     */
    private boolean calledOnlyOnConfined(MethodDeclaration md, int depth) {
        Boolean known = confinedReceivers.get(md);
        if (known != null) {
            return known;
        }
        confinedReceivers.put(md, false);
        boolean result = !md.isStatic() && depth <= MAX_DEPTH && !md.isAnnotationPresent("Override")
                && !overrides(md) && receiversConfined(md, depth);
        confinedReceivers.put(md, result);
        return result;
    }

    /** Whether a supertype has a method the method overrides: calls through the supertype are not its calls. */
    private boolean overrides(MethodDeclaration md) {
        if (!(md.getParentNode().orElse(null) instanceof TypeDeclaration<?> t)) {
            return true;
        }
        TypeInfo info = resolver.index().info(t);
        if (info == null) {
            return true;
        }
        int arity = md.getParameters().size();
        for (String sup : resolver.names().supertypes(info)) {
            if (resolver.expressions().hasMethod(sup, md.getNameAsString(), arity)) {
                return true;
            }
        }
        return false;
    }

    private boolean receiversConfined(MethodDeclaration md, int depth) {
        List<MethodCallExpr> calls = resolver.dispatch().callsTo(md);
        if (calls.isEmpty()) {
            return false;
        }
        for (MethodCallExpr call : calls) {
            Expression scope = call.getScope().map(Ast::unwrap).orElse(null);
            if (scope == null || scope instanceof ThisExpr t && t.getTypeName().isEmpty()) {
                if (!(Ast.enclosingCallable(call) instanceof MethodDeclaration caller)
                        || !calledOnlyOnConfined(caller, depth + 1)) {
                    return false;
                }
            } else if (!confined(scope, scope, depth + 1)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the value of {@code e}, evaluated at {@code at}, is confined to the running task. */
    private boolean confined(Expression e, Node at, int depth) {
        if (depth > MAX_DEPTH) {
            return false;
        }
        Expression x = Ast.unwrap(e);
        if (x instanceof ObjectCreationExpr || x instanceof ArrayCreationExpr) {
            return true;
        }
        if (x instanceof ConditionalExpr c) {
            return confined(c.getThenExpr(), at, depth + 1) && confined(c.getElseExpr(), at, depth + 1);
        }
        if (x instanceof AssignExpr a && a.getOperator() == AssignExpr.Operator.ASSIGN) {
            return confined(a.getValue(), at, depth + 1);
        }
        if (x instanceof MethodCallExpr m) {
            return confinedResult(m, at, depth);
        }
        if (x instanceof NameExpr n) {
            Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
            if (b == null || b.declarator() == null) {
                return false;
            }
            return switch (b.kind()) {
                case LOCAL -> confinedLocal(b, n, at, depth);
                case PARAMETER -> b.declarator() instanceof Parameter p && confinedParameter(p, at, depth);
                default -> false;
            };
        }
        if (x instanceof ThisExpr t && t.getTypeName().isEmpty()) {
            return Ast.enclosingCallable(x) instanceof MethodDeclaration md && calledOnlyOnConfined(md, depth + 1);
        }
        if (x instanceof FieldAccessExpr f && !(f.getScope() instanceof ThisExpr)
                && resolver.bindings().typeNameOf(f.getScope()) == null) {
            return confined(f.getScope(), at, depth + 1) && onlyFreshValues(f);
        }
        return false;
    }

    private boolean confinedResult(MethodCallExpr m, Node at, int depth) {
        String name = m.getNameAsString();
        Expression scope = m.getScope().orElse(null);
        ExpressionTypes expressions = resolver.expressions();
        TypeNames names = resolver.names();
        if (scope != null && resolver.bindings().typeNameOf(scope) == null) {
            TypeRef t = expressions.typeOf(scope);
            if (name.equals("get") && m.getArguments().isEmpty() && t != null && names.isSubtype(t, "java.lang.ThreadLocal")) {
                return true;
            }
            // A call that returns its receiver ({@code sb.append(x)} is {@code sb}).
            if (t != null && !t.isArray() && t.equals(expressions.typeOf(m)) && RETURNS_THIS.contains(name)) {
                return confined(scope, at, depth + 1);
            }
        }
        if (resolver.joinedValues().isJoinResult(m)) {
            return true;
        }
        if (name.startsWith("synchronized") && m.getArguments().size() == 1
                && expressions.isStaticCall(m, "java.util.Collections", name)) {
            return confined(m.getArgument(0), at, depth + 1);
        }
        List<CallableDeclaration<?>> targets = resolver.calls().targets(m);
        if (targets.isEmpty()) {
            return false;
        }
        for (CallableDeclaration<?> c : targets) {
            if (!(c instanceof MethodDeclaration md) || !returnsFresh(md, depth + 1)) {
                return false;
            }
        }
        return true;
    }

    /** Names of methods that return their receiver: a chain of calls on a builder is calls on one object. */
    public static final Set<String> RETURNS_THIS = Set.of("append", "insert", "delete", "deleteCharAt", "replace",
            "reverse");

    /** Whether every return of a method returns a new object that it keeps no other reference to. */
    private boolean returnsFresh(MethodDeclaration md, int depth) {
        Boolean known = freshReturns.get(md);
        if (known != null) {
            return known;
        }
        freshReturns.put(md, false);
        boolean fresh = md.getBody().isPresent();
        boolean any = false;
        if (fresh) {
            for (ReturnStmt r : md.getBody().get().findAll(ReturnStmt.class)) {
                if (Ast.enclosingCallable(r) != md) {
                    continue;
                }
                any = true;
                if (r.getExpression().isEmpty() || !confined(r.getExpression().get(), r, depth)) {
                    fresh = false;
                    break;
                }
            }
        }
        fresh = fresh && any;
        freshReturns.put(md, fresh);
        return fresh;
    }

    /**
     * A local: every value it is given is confined, no lambda or class captures it, and it is not published
     * before {@code at}.
     */
    private boolean confinedLocal(Binding b, NameExpr use, Node at, int depth) {
        Node declarator = b.declarator();
        Node callable = Ast.enclosingCallable(declarator);
        if (callable == null || captured(use, callable)) {
            return false;
        }
        // A for-each variable is an element of what the loop walks.
        if (declarator.getParentNode().flatMap(Node::getParentNode).orElse(null) instanceof ForEachStmt) {
            return false;
        }
        if (declarator instanceof VariableDeclarator v && v.getInitializer().isPresent()
                && !confined(v.getInitializer().get(), v, depth + 1)) {
            return false;
        }
        String name = use.getNameAsString();
        List<NameExpr> uses = resolver.bindings().uses(declarator, name, callable);
        for (NameExpr u : uses) {
            if (captured(u, callable)) {
                return false;
            }
            if (u.getParentNode().orElse(null) instanceof AssignExpr a && a.getTarget() == u) {
                if (a.getOperator() != AssignExpr.Operator.ASSIGN || !confined(a.getValue(), a, depth + 1)) {
                    return false;
                }
            }
        }
        return !publishedBefore(uses, declarator, at, depth);
    }

    /**
     * A parameter: the method is one of the sources whose every call passes a confined object, and the method has
     * not published it before {@code at}.
     */
    private boolean confinedParameter(Parameter p, Node at, int depth) {
        if (!(p.getParentNode().orElse(null) instanceof MethodDeclaration md) || p.isVarArgs()) {
            return false;
        }
        int position = Ast.indexOfSame(md.getParameters(), p);
        List<MethodCallExpr> calls = resolver.dispatch().callsTo(md);
        if (calls.isEmpty() || !md.isPrivate() && !md.isStatic() && !md.isFinal() && overridable(md)) {
            return false;
        }
        for (MethodCallExpr call : calls) {
            if (position >= call.getArguments().size() || !confined(call.getArgument(position), call, depth + 1)) {
                return false;
            }
        }
        String name = p.getNameAsString();
        List<NameExpr> uses = resolver.bindings().uses(p, name, md);
        for (NameExpr u : uses) {
            if (captured(u, md) || u.getParentNode().orElse(null) instanceof AssignExpr a && a.getTarget() == u) {
                return false;
            }
        }
        return !publishedBefore(uses, p, at, depth);
    }

    /** Whether callers outside the sources may reach the method through a subclass or an interface. */
    private boolean overridable(MethodDeclaration md) {
        return !(md.getParentNode().orElse(null) instanceof TypeDeclaration<?> t)
                || !(t.isClassOrInterfaceDeclaration() && t.asClassOrInterfaceDeclaration().isFinal())
                && !t.isEnumDeclaration() && !t.isRecordDeclaration();
    }

    /** Whether a use is inside a lambda, anonymous or local class nested in the variable's callable. */
    private static boolean captured(Node use, Node callable) {
        for (Node p = use.getParentNode().orElse(null); p != null && p != callable; p = p.getParentNode().orElse(null)) {
            if (p instanceof LambdaExpr || p instanceof LocalClassDeclarationStmt
                    || p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()
                    && isInsideBody(use, o)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isInsideBody(Node use, ObjectCreationExpr o) {
        for (Node member : o.getAnonymousClassBody().orElseThrow()) {
            for (Node p = use; p != null && p != o; p = p.getParentNode().orElse(null)) {
                if (p == member) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether one of the uses publishes the variable's object where it may precede {@code at}: textually before
     * it, or in a loop around both that the variable outlives (a loop that declares the variable starts a new
     * object each time round).
     */
    private boolean publishedBefore(List<NameExpr> uses, Node declarator, Node at, int depth) {
        for (NameExpr u : uses) {
            if (contains(at, u) || !publishes(u, depth)) {
                continue;
            }
            if (before(u, at) || sharedLoop(u, at, declarator)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a use hands the object on to where others may see it. */
    private boolean publishes(NameExpr use, int depth) {
        Expression w = use;
        while (w.getParentNode().orElse(null) instanceof Expression p
                && (p instanceof EnclosedExpr || p instanceof CastExpr
                || p instanceof ConditionalExpr c && c.getCondition() != w)) {
            w = p;
        }
        Node parent = w.getParentNode().orElse(null);
        if (parent instanceof MethodCallExpr m) {
            if (m.getScope().orElse(null) == w) {
                return false;
            }
            return passedOn(m, Ast.indexOfSame(m.getArguments(), w), depth);
        }
        if (parent instanceof AssignExpr a) {
            return a.getValue() == w;
        }
        if (parent instanceof FieldAccessExpr || parent instanceof ArrayAccessExpr || parent instanceof BinaryExpr
                || parent instanceof InstanceOfExpr || parent instanceof SynchronizedStmt || parent instanceof ReturnStmt
                || parent instanceof ForEachStmt || parent instanceof com.github.javaparser.ast.stmt.ExpressionStmt) {
            return false;
        }
        // Another variable initialized with it, an array initializer, a constructor argument, a throw: it escapes.
        return true;
    }

    /** Whether a call may keep its argument at {@code index}. */
    private boolean passedOn(MethodCallExpr m, int index, int depth) {
        List<CallableDeclaration<?>> targets = resolver.calls().targets(m);
        if (targets.isEmpty()) {
            return !READING_CALLS.contains(m.getNameAsString());
        }
        if (depth >= MAX_DEPTH) {
            return true;
        }
        for (CallableDeclaration<?> c : targets) {
            if (index >= c.getParameters().size() || c.getParameter(index).isVarArgs()) {
                return true;
            }
            Parameter p = c.getParameter(index);
            Node body = c instanceof MethodDeclaration md ? md.getBody().orElse(null) : c;
            if (body == null) {
                return true;
            }
            for (NameExpr u : resolver.bindings().uses(p, p.getNameAsString(), c)) {
                if (captured(u, c) || publishes(u, depth + 1)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether {@code f} ({@code owner.field}) is a field of the sources that its class only ever sets to new
     * objects: then each owner has its own.
     */
    private boolean onlyFreshValues(FieldAccessExpr f) {
        TypeRef owner = resolver.expressions().typeOf(f.getScope());
        if (owner == null || owner.isArray()) {
            return false;
        }
        Binding b = resolver.bindings().fieldOf(owner.name(), f.getNameAsString());
        if (b == null || !(b.declarator() instanceof VariableDeclarator v)
                || !(v.getParentNode().orElse(null) instanceof FieldDeclaration fd) || fd.isStatic()) {
            return false;
        }
        if (v.getInitializer().isPresent() && !isNew(v.getInitializer().get())) {
            return false;
        }
        Optional<CompilationUnit> unit = v.findCompilationUnit();
        if (unit.isEmpty()) {
            return false;
        }
        String name = v.getNameAsString();
        for (AssignExpr a : unit.get().findAll(AssignExpr.class)) {
            Expression target = a.getTarget();
            boolean named = target instanceof NameExpr n && n.getNameAsString().equals(name)
                    || target instanceof FieldAccessExpr t && t.getNameAsString().equals(name);
            if (named && !isNew(a.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static boolean isNew(Expression e) {
        Expression x = Ast.unwrap(e);
        return x instanceof ObjectCreationExpr || x instanceof ArrayCreationExpr;
    }

    /** Whether {@code a} starts before {@code b} in the same file. */
    private static boolean before(Node a, Node b) {
        return a.getBegin().isPresent() && b.getBegin().isPresent() && a.getBegin().get().isBefore(b.getBegin().get());
    }

    private static boolean contains(Node outer, Node inner) {
        for (Node p = inner; p != null; p = p.getParentNode().orElse(null)) {
            if (p == outer) {
                return true;
            }
        }
        return false;
    }

    /** Whether a loop encloses both nodes but not the declaration: then the second runs after the first. */
    private static boolean sharedLoop(Node a, Node b, Node declarator) {
        for (Node p = a.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof CallableDeclaration<?> || p instanceof LambdaExpr) {
                return false;
            }
            if ((p instanceof ForStmt || p instanceof WhileStmt || p instanceof DoStmt || p instanceof ForEachStmt)
                    && contains(p, b) && !contains(p, declarator)) {
                return true;
            }
        }
        return false;
    }
}
