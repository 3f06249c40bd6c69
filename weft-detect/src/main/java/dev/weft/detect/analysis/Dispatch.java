package dev.weft.detect.analysis;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Calls that are not statically bound: through an interface or an abstract method of the analysed sources, or
 * through a functional value (a lambda a task was constructed with, called through the field it was stored in).
 * What such a call may run is worked out from the sources: the implementations the sources declare, and the
 * lambdas, method references and objects that flow into the receiver.
 *
 * <p>Both are bounded, to stay precise: a call with more than {@value #MAX_TARGETS} candidate implementations is
 * not followed (it says nothing about the task that makes it), nor are calls through the platform's own
 * interfaces by class hierarchy (every {@code Runnable} of a tree); a functional value is followed only through
 * fields, constructor parameters and method parameters, a few steps deep.
 */
public final class Dispatch {
    /** More candidate implementations than this, and the call is not followed. */
    static final int MAX_TARGETS = 8;
    private static final int MAX_DEPTH = 4;

    private final Resolver resolver;
    private final Map<String, List<TypeInfo>> subtypes = new HashMap<>();
    private final Map<String, List<ObjectCreationExpr>> creations = new HashMap<>();
    private final Map<String, List<MethodCallExpr>> callsByName = new HashMap<>();
    /** How many of the index's files (in the order they were parsed) the two maps above hold. */
    private int indexedFiles;

    Dispatch(Resolver resolver) {
        this.resolver = resolver;
    }

    /**
     * What a call without static targets may run: method declarations, and lambdas (whose body runs as the
     * call). Empty when nothing is known, or when there are too many candidates.
     */
    public synchronized List<Node> targets(MethodCallExpr m) {
        String name = m.getNameAsString();
        int arity = m.getArguments().size();
        // What flows into the receiver, when that is known, says more than every implementation there is.
        List<Node> flowing = new ArrayList<>();
        Expression scope = m.getScope().orElse(null);
        if (scope instanceof NameExpr || scope instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
            String variable = scope instanceof NameExpr n ? n.getNameAsString() : ((FieldAccessExpr) scope).getNameAsString();
            Binding b = resolver.bindings().lookup(variable, scope);
            TypeRef t = b == null ? null : resolver.bindings().typeOf(b);
            if (b != null && t != null && !t.isArray() && isInterface(t.name())) {
                for (Expression value : valuesOf(b, 0)) {
                    flowing.addAll(valueTargets(value, name, arity, 0));
                }
            }
        }
        List<Node> result = Ast.distinct(flowing);
        if (result.isEmpty()) {
            String owner = receiverType(m);
            result = owner == null ? List.of() : implementations(owner, name, arity);
        }
        return result.size() > MAX_TARGETS ? List.of() : result;
    }

    private String receiverType(MethodCallExpr m) {
        if (m.getScope().isEmpty()) {
            ClassScope c = resolver.bindings().enclosingClass(m);
            return c == null ? null : c.key();
        }
        Expression scope = m.getScope().get();
        if (resolver.bindings().typeNameOf(scope) != null) {
            return null;
        }
        TypeRef t = resolver.expressions().typeOf(scope);
        return t == null || t.isArray() || t.isPrimitive() ? null : t.name();
    }

    private boolean isInterface(String key) {
        TypeInfo info = resolver.index().type(key);
        if (info != null) {
            return info.isInterface();
        }
        return resolver.names().isPlatformInterface(key);
    }

    /**
     * The bodies of {@code name} that a call on static type {@code owner} may run when the method is abstract
     * there: the nearest declaration with a body in each subtype the sources declare, anonymous classes included.
     * Only for types of the analysed sources that are not the platform's own.
     */
    private List<Node> implementations(String owner, String name, int arity) {
        TypeInfo info = resolver.index().type(owner);
        if (info == null || resolver.names().isFramework(owner) || resolver.names().isPlatformType(owner)
                || !declaresAbstract(owner, name, arity)) {
            return List.of();
        }
        List<Node> result = new ArrayList<>();
        for (TypeInfo sub : subtypesOf(owner)) {
            if (!sub.decl().isClassOrInterfaceDeclaration() || !sub.decl().asClassOrInterfaceDeclaration().isAbstract()
                    && !sub.isInterface()) {
                result.addAll(resolver.calls().projectMethods(sub.key(), name, arity));
            }
        }
        for (SourceFile f : resolver.index().files()) {
            for (ObjectCreationExpr o : f.anonymous()) {
                TypeRef t = resolver.names().resolveType(o.getType(), o);
                if (t != null && resolver.names().isSubtype(t.name(), owner)) {
                    MethodDeclaration own = anonymousMethod(o, name, arity);
                    if (own != null) {
                        result.add(own);
                    }
                }
            }
        }
        return Ast.distinct(result);
    }

    /** Whether the nearest declaration of the method up from {@code owner} has no body (abstract, interface). */
    private boolean declaresAbstract(String owner, String name, int arity) {
        HierarchyWalk walk = new HierarchyWalk(owner);
        for (String t = walk.next(); t != null; t = walk.next()) {
            TypeInfo info = resolver.index().type(t);
            if (info == null) {
                continue;
            }
            for (MethodDeclaration md : info.methods(name)) {
                if (TypeInfo.accepts(md, arity)) {
                    return md.getBody().isEmpty();
                }
            }
            walk.follow(resolver.names().supertypes(info));
        }
        return false;
    }

    private List<TypeInfo> subtypesOf(String owner) {
        return subtypes.computeIfAbsent(owner, k -> {
            // Parse the files that may declare subtypes (by the scan's supertype names), transitively.
            Set<String> simpleNames = new LinkedHashSet<>();
            simpleNames.add(resolver.index().type(owner).simpleName());
            List<TypeInfo> found = new ArrayList<>();
            Set<String> loadedNames = new LinkedHashSet<>();
            while (loadedNames.size() < simpleNames.size()) {
                for (String s : List.copyOf(simpleNames)) {
                    if (loadedNames.add(s)) {
                        resolver.index().loadSubtypesNamed(s);
                    }
                }
                found.clear();
                for (TypeInfo t : resolver.index().types()) {
                    if (!t.key().equals(owner) && resolver.names().isSubtype(t.key(), owner)) {
                        found.add(t);
                        simpleNames.add(t.simpleName());
                    }
                }
            }
            return List.copyOf(found);
        });
    }

    /** The expressions whose values a variable may hold: assignments, initializers, and arguments for parameters. */
    private List<Expression> valuesOf(Binding b, int depth) {
        List<Expression> values = new ArrayList<>();
        if (depth > MAX_DEPTH) {
            return values;
        }
        if (b.kind() == Binding.Kind.LOCAL) {
            if (b.initializer() != null) {
                values.add(b.initializer());
            }
        } else if (b.kind() == Binding.Kind.FIELD && b.declarator() instanceof VariableDeclarator v) {
            v.getInitializer().ifPresent(values::add);
            TypeInfo owner = v.getParentNode().map(this::ownerOf).orElse(null);
            if (owner != null) {
                for (AssignExpr a : owner.decl().findAll(AssignExpr.class)) {
                    if (a.getOperator() == AssignExpr.Operator.ASSIGN && assigns(a.getTarget(), v)) {
                        values.addAll(through(a.getValue(), depth + 1));
                    }
                }
            }
        } else if (b.kind() == Binding.Kind.PARAMETER && b.declarator() instanceof Parameter p) {
            values.addAll(arguments(p, depth + 1));
        }
        return values;
    }

    /** An assigned value, or what flows into it when it is a parameter or another variable. */
    private List<Expression> through(Expression value, int depth) {
        if (value instanceof NameExpr n) {
            Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
            if (b != null && b.kind() != Binding.Kind.FIELD) {
                return valuesOf(b, depth);
            }
        }
        return List.of(value);
    }

    private boolean assigns(Expression target, VariableDeclarator field) {
        String name = field.getNameAsString();
        if (target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr && f.getNameAsString().equals(name)) {
            return true;
        }
        if (target instanceof NameExpr n && n.getNameAsString().equals(name)) {
            Binding b = resolver.bindings().lookup(name, n);
            return b != null && b.declarator() == field;
        }
        return false;
    }

    /** The arguments passed for a parameter of a constructor or method, at the calls the parsed sources make. */
    private List<Expression> arguments(Parameter p, int depth) {
        if (!(p.getParentNode().orElse(null) instanceof CallableDeclaration<?> callable) || p.isVarArgs()) {
            return List.of();
        }
        int position = Ast.indexOfSame(callable.getParameters(), p);
        List<Expression> args = new ArrayList<>();
        if (callable instanceof ConstructorDeclaration k) {
            TypeInfo owner = ownerOf(k);
            if (owner == null) {
                return args;
            }
            for (ObjectCreationExpr o : visibleTo(k, creationsNamed(owner.simpleName()))) {
                if (o.getArguments().size() > position && TypeInfo.accepts(k, o.getArguments().size())
                        && Ast.containsSame(resolver.calls().targets(o), k)) {
                    args.addAll(through(o.getArgument(position), depth));
                }
            }
            for (ExplicitConstructorInvocationStmt s : owner.decl().findAll(ExplicitConstructorInvocationStmt.class)) {
                if (s.getArguments().size() > position && Ast.containsSame(resolver.calls().targets(s), k)) {
                    args.addAll(through(s.getArgument(position), depth));
                }
            }
        } else if (callable instanceof MethodDeclaration md) {
            for (MethodCallExpr call : visibleTo(md, callsNamed(md.getNameAsString()))) {
                if (call.getArguments().size() > position && TypeInfo.accepts(md, call.getArguments().size())
                        && Ast.containsSame(resolver.calls().targets(call), md)) {
                    args.addAll(through(call.getArgument(position), depth));
                }
            }
        }
        return args;
    }

    /** The calls the parsed sources make to a method (resolved, not by name alone). */
    public synchronized List<MethodCallExpr> callsTo(MethodDeclaration md) {
        List<MethodCallExpr> result = new ArrayList<>();
        for (MethodCallExpr call : visibleTo(md, callsNamed(md.getNameAsString()))) {
            if (TypeInfo.accepts(md, call.getArguments().size())) {
                if (Ast.containsSame(resolver.calls().targets(call), md)) {
                    result.add(call);
                }
            }
        }
        return result;
    }

    /**
     * The calls that can reach a method or constructor at all: for a private one, those in its own file (its
     * top-level class); resolving the others would only parse the types their receivers name.
     */
    private static <T extends Node> List<T> visibleTo(CallableDeclaration<?> c, List<T> calls) {
        if (!c.isPrivate()) {
            return calls;
        }
        CompilationUnit own = c.findCompilationUnit().orElse(null);
        List<T> result = new ArrayList<>();
        for (T call : calls) {
            if (call.findCompilationUnit().orElse(null) == own) {
                result.add(call);
            }
        }
        return result;
    }

    /** What a value called as {@code name(...)} runs: a lambda, a method reference's methods, an object's method. */
    private List<Node> valueTargets(Expression value, String name, int arity, int depth) {
        Expression v = Ast.unwrap(value);
        if (v instanceof LambdaExpr l) {
            return List.of(l);
        }
        if (v instanceof MethodReferenceExpr r) {
            return new ArrayList<>(resolver.calls().targets(r));
        }
        if (v instanceof ConditionalExpr c) {
            List<Node> both = new ArrayList<>(valueTargets(c.getThenExpr(), name, arity, depth));
            both.addAll(valueTargets(c.getElseExpr(), name, arity, depth));
            return both;
        }
        if (v instanceof ObjectCreationExpr o) {
            if (o.getAnonymousClassBody().isPresent()) {
                MethodDeclaration own = anonymousMethod(o, name, arity);
                return own == null ? List.of() : List.of(own);
            }
            TypeRef t = resolver.names().resolveType(o.getType(), o);
            return t == null ? List.of() : new ArrayList<>(resolver.calls().projectMethods(t.name(), name, arity));
        }
        if (v instanceof NameExpr n && depth < MAX_DEPTH) {
            Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
            if (b != null) {
                List<Node> result = new ArrayList<>();
                for (Expression e : valuesOf(b, depth + 1)) {
                    result.addAll(valueTargets(e, name, arity, depth + 1));
                }
                return result;
            }
        }
        return List.of();
    }

    private static MethodDeclaration anonymousMethod(ObjectCreationExpr o, String name, int arity) {
        for (BodyDeclaration<?> member : o.getAnonymousClassBody().orElseThrow()) {
            if (member instanceof MethodDeclaration md && md.getNameAsString().equals(name)
                    && TypeInfo.accepts(md, arity) && md.getBody().isPresent()) {
                return md;
            }
        }
        return null;
    }

    /** The {@code new X(...)} of the parsed files whose type is written with this simple name (not resolved). */
    private List<ObjectCreationExpr> creationsNamed(String simpleName) {
        catchUp();
        return List.copyOf(creations.getOrDefault(simpleName, List.of()));
    }

    private List<MethodCallExpr> callsNamed(String name) {
        catchUp();
        return List.copyOf(callsByName.getOrDefault(name, List.of()));
    }

    /**
     * Adds the calls and creations of the files parsed since the last look: the index parses files on demand,
     * while task code is followed, and a call in a file parsed later is a call all the same.
     */
    private void catchUp() {
        List<SourceFile> files = resolver.index().files();
        for (SourceFile f : files.subList(indexedFiles, files.size())) {
            for (ObjectCreationExpr o : f.unit().findAll(ObjectCreationExpr.class)) {
                creations.computeIfAbsent(o.getType().getNameAsString(), k -> new ArrayList<>()).add(o);
            }
            for (MethodCallExpr c : f.unit().findAll(MethodCallExpr.class)) {
                callsByName.computeIfAbsent(c.getNameAsString(), k -> new ArrayList<>()).add(c);
            }
        }
        indexedFiles = files.size();
    }

    /** The declared type of the sources that a member belongs to, or null (an anonymous class's member, say). */
    private TypeInfo ownerOf(Node member) {
        Node p = member.getParentNode().orElse(null);
        return p instanceof com.github.javaparser.ast.body.TypeDeclaration<?> t ? resolver.index().info(t) : null;
    }
}
