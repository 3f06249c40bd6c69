package dev.weft.detect.analysis;

import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The methods and constructors of the analysed sources that a call may run: the call graph of task code
 * (see {@link TaskCode} for which calls are followed and why).
 */
public final class CallTargets {
    private final ProjectIndex index;
    private final TypeNames names;
    private final Bindings bindings;
    private final ExpressionTypes expressions;

    CallTargets(ProjectIndex index, TypeNames names, Bindings bindings, ExpressionTypes expressions) {
        this.index = index;
        this.names = names;
        this.bindings = bindings;
        this.expressions = expressions;
    }

    /** Methods of the analysed sources that a call may run (statically bound; see {@link TaskCode}). */
    public List<CallableDeclaration<?>> targets(MethodCallExpr m) {
        String name = m.getNameAsString();
        int arity = m.getArguments().size();
        if (!index.declaresMethodNamed(name)) {
            return List.of();
        }
        if (m.getScope().isEmpty()) {
            for (ClassScope c : bindings.classScopes(m)) {
                if (c.info() == null) {
                    MethodDeclaration own = ExpressionTypes.anonymousMethod(c, name, arity);
                    if (own != null) {
                        return own.getBody().isPresent() ? List.of(own) : List.of();
                    }
                }
                if (c.key() != null && expressions.hasMethod(c.key(), name, arity)) {
                    return applicable(projectMethods(c.key(), name, arity), m.getArguments());
                }
            }
            List<CallableDeclaration<?>> result = new ArrayList<>();
            for (String owner : names.staticImportOwners(m, name)) {
                String fqn = names.typeExists(owner) ? owner : names.resolveTypeName(owner, m);
                if (fqn != null) {
                    result.addAll(projectMethods(fqn, name, arity));
                }
            }
            return applicable(result, m.getArguments());
        }
        Expression scope = m.getScope().get();
        if (scope instanceof SuperExpr) {
            TypeRef sup = expressions.superclassOf(scope);
            return sup == null ? List.of() : applicable(projectMethods(sup.name(), name, arity), m.getArguments());
        }
        String owner = bindings.typeNameOf(scope);
        if (owner == null) {
            // Declarations only: the symbol solver is too slow to ask about every call in a large tree.
            TypeRef t = expressions.typeOf(scope);
            if (t == null || t.isArray() || t.isPrimitive()) {
                return List.of();
            }
            owner = t.name();
        }
        return applicable(projectMethods(owner, name, arity), m.getArguments());
    }

    /** Constructors of the analysed sources that {@code new T(...)} runs. */
    public List<CallableDeclaration<?>> targets(ObjectCreationExpr o) {
        TypeRef t = names.resolveType(o.getType(), o);
        TypeInfo info = t == null ? null : index.type(t.name());
        if (info == null || names.isFramework(info.key())) {
            return List.of();
        }
        List<CallableDeclaration<?>> result = new ArrayList<>();
        for (ConstructorDeclaration c : info.constructors()) {
            if (TypeInfo.accepts(c, o.getArguments().size())) {
                result.add(c);
            }
        }
        return applicable(result, o.getArguments());
    }

    /** Constructors that {@code this(...)} or {@code super(...)} runs. */
    public List<CallableDeclaration<?>> targets(ExplicitConstructorInvocationStmt s) {
        ClassScope c = bindings.enclosingClass(s);
        if (c == null || c.info() == null) {
            return List.of();
        }
        String owner = c.key();
        if (!s.isThis()) {
            List<String> sup = names.supertypes(c.info());
            owner = sup.isEmpty() ? null : sup.get(0);
        }
        TypeInfo info = index.type(owner);
        if (info == null || names.isFramework(info.key())) {
            return List.of();
        }
        List<CallableDeclaration<?>> result = new ArrayList<>();
        for (ConstructorDeclaration k : info.constructors()) {
            if (TypeInfo.accepts(k, s.getArguments().size())) {
                result.add(k);
            }
        }
        return applicable(result, s.getArguments());
    }

    /**
     * The overloads whose parameters can take the arguments, as far as their types are known. Matching on the
     * number of arguments alone would follow {@code new BigInteger(long)} into {@code new BigInteger(String, int)}
     * and from there half the JDK; an unknown type on either side keeps the candidate.
     */
    private List<CallableDeclaration<?>> applicable(List<CallableDeclaration<?>> candidates, NodeList<Expression> args) {
        if (candidates.isEmpty()) {
            return candidates;
        }
        List<TypeRef> argTypes = new ArrayList<>();
        for (Expression a : args) {
            argTypes.add(expressions.typeOf(a));
        }
        List<CallableDeclaration<?>> result = new ArrayList<>();
        for (CallableDeclaration<?> c : candidates) {
            boolean fits = true;
            for (int i = 0; i < argTypes.size() && fits; i++) {
                int p = Math.min(i, c.getParameters().size() - 1);
                Parameter param = c.getParameter(p);
                TypeRef pt = names.resolveType(param.getType(), param);
                // A variadic parameter takes one element per argument, or the whole array in its place.
                boolean wholeArray = args.size() == c.getParameters().size() && argTypes.get(i) != null
                        && argTypes.get(i).isArray();
                if (pt != null && param.isVarArgs() && wholeArray) {
                    pt = new TypeRef(pt.name(), pt.dims() + 1);
                }
                fits = assignable(argTypes.get(i), pt);
            }
            if (fits) {
                result.add(c);
            }
        }
        return mostSpecific(result);
    }

    /**
     * Of several applicable overloads, those no other is more specific than (JLS 15.12.2.5): {@code put(Key,
     * Value)} over {@code put(Key, Iced)} when Value is an Iced; fixed arity before variable arity (15.12.2.2-4).
     * Where parameter types are not known (a library's), neither overload is more specific, and both stay.
     */
    private List<CallableDeclaration<?>> mostSpecific(List<CallableDeclaration<?>> applicable) {
        if (applicable.size() < 2) {
            return applicable;
        }
        List<CallableDeclaration<?>> fixed = new ArrayList<>();
        for (CallableDeclaration<?> c : applicable) {
            if (c.getParameters().isEmpty() || !c.getParameter(c.getParameters().size() - 1).isVarArgs()) {
                fixed.add(c);
            }
        }
        List<CallableDeclaration<?>> pool = fixed.isEmpty() ? applicable : fixed;
        List<CallableDeclaration<?>> result = new ArrayList<>();
        for (CallableDeclaration<?> c : pool) {
            boolean dominated = false;
            for (CallableDeclaration<?> d : pool) {
                if (d != c && moreSpecific(d, c) && !moreSpecific(c, d)) {
                    dominated = true;
                    break;
                }
            }
            if (!dominated) {
                result.add(c);
            }
        }
        return result;
    }

    /** Whether every parameter type of {@code a} is known and assignable to the one of {@code b}. */
    private boolean moreSpecific(CallableDeclaration<?> a, CallableDeclaration<?> b) {
        if (a.getParameters().size() != b.getParameters().size()) {
            return false;
        }
        for (int i = 0; i < a.getParameters().size(); i++) {
            TypeRef x = names.resolveType(a.getParameter(i).getType(), a.getParameter(i));
            TypeRef y = names.resolveType(b.getParameter(i).getType(), b.getParameter(i));
            if (x == null || y == null || !known(x) || !known(y) || !assignable(x, y)) {
                return false;
            }
        }
        return true;
    }

    private boolean known(TypeRef t) {
        return t.isPrimitive() || t.isPrimitiveElement() || names.typeExists(t.name());
    }

    private static final List<String> WIDENING = List.of("byte", "short", "int", "long", "float", "double");
    private static final Map<String, String> BOXES = Map.of("int", "java.lang.Integer", "long", "java.lang.Long",
            "double", "java.lang.Double", "float", "java.lang.Float", "short", "java.lang.Short",
            "byte", "java.lang.Byte", "char", "java.lang.Character", "boolean", "java.lang.Boolean");

    /** Whether a value of type {@code arg} can be passed for a parameter of type {@code param}; true if unknown. */
    boolean assignable(TypeRef arg, TypeRef param) {
        if (arg == null || param == null) {
            return true;
        }
        if (param.dims() == 0 && param.name().equals("java.lang.Object") && !arg.isPrimitive()) {
            return true;
        }
        if (arg.isPrimitive() && param.isPrimitive()) {
            if (arg.name().equals(param.name())) {
                return true;
            }
            String from = arg.name().equals("char") ? "short" : arg.name();
            int a = WIDENING.indexOf(from);
            int b = WIDENING.indexOf(param.name());
            return a >= 0 && b >= 0 && a <= b && !(arg.name().equals("char") && param.name().equals("short"))
                    && !(arg.name().equals("byte") && param.name().equals("char"));
        }
        if (arg.isPrimitive()) {
            String box = BOXES.get(arg.name());
            return box != null && (param.dims() == 0 && (names.isSubtype(box, param.name())));
        }
        if (param.isPrimitive()) {
            for (Map.Entry<String, String> e : BOXES.entrySet()) {
                if (arg.dims() == 0 && arg.name().equals(e.getValue())) {
                    return assignable(TypeRef.of(e.getKey()), param);
                }
            }
            return false;
        }
        if (arg.dims() != param.dims()) {
            return param.dims() < arg.dims() && param.dims() == 0
                    && (param.name().equals("java.lang.Object") || param.name().equals("java.lang.Cloneable")
                    || param.name().equals("java.io.Serializable"));
        }
        if (arg.dims() > 0 && (arg.isPrimitiveElement() || param.isPrimitiveElement())) {
            return arg.name().equals(param.name());
        }
        boolean argKnown = names.typeExists(arg.name());
        boolean paramKnown = names.typeExists(param.name());
        if (argKnown && paramKnown) {
            return names.isSubtype(arg.name(), param.name());
        }
        if (!argKnown && !paramKnown) {
            return true;
        }
        // One side is a library's type, outside the sources and the JDK. A library's class may extend a JDK class
        // that is not final, or implement a JDK interface; it does not extend a type of the sources, nor a final
        // JDK class (String, the boxes). A type of the sources may implement a library's interface; a JDK type
        // never does.
        if (!argKnown) {
            return !names.typeExistsInSources(param.name()) && !names.isFinalPlatformType(param.name());
        }
        return names.typeExistsInSources(arg.name());
    }

    /** Methods of the analysed sources that a method reference {@code X::m} denotes (any arity). */
    public List<CallableDeclaration<?>> targets(MethodReferenceExpr r) {
        String name = r.getIdentifier();
        String owner = bindings.typeNameOf(r.getScope());
        if (owner == null) {
            TypeRef t = expressions.typeOf(r.getScope());
            owner = t == null || t.isArray() ? null : t.name();
        }
        if (owner == null) {
            return List.of();
        }
        TypeInfo info = index.type(owner);
        if (info == null || names.isFramework(owner)) {
            return List.of();
        }
        if (name.equals("new")) {
            return new ArrayList<>(info.constructors());
        }
        if (!index.declaresMethodNamed(name)) {
            return List.of();
        }
        return projectMethods(owner, name, -1);
    }

    /**
     * The non-abstract methods named {@code name} (taking {@code arity} arguments; -1 for any) that a call on
     * static type {@code owner} binds to: the nearest declarations up the project's type hierarchy. Calls into
     * the runtimes ({@link TypeNames#isFramework}) are not followed.
     */
    public List<CallableDeclaration<?>> projectMethods(String owner, String name, int arity) {
        HierarchyWalk walk = new HierarchyWalk(owner);
        List<CallableDeclaration<?>> result = new ArrayList<>();
        for (String t = walk.next(); t != null; t = walk.next()) {
            if (names.isFramework(t)) {
                continue;
            }
            TypeInfo info = index.type(t);
            if (info == null) {
                continue;
            }
            boolean declared = false;
            for (MethodDeclaration md : info.methods(name)) {
                if (arity < 0 || TypeInfo.accepts(md, arity)) {
                    declared = true;
                    if (md.getBody().isPresent()) {
                        result.add(md);
                    }
                }
            }
            if (!declared) {
                walk.follow(names.supertypes(info));
            }
        }
        return Ast.distinct(result);
    }
}
