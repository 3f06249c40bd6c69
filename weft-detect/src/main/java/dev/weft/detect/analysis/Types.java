package dev.weft.detect.analysis;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.CharLiteralExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithTypeParameters;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.PrimitiveType;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.ast.type.TypeParameter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Static types and call targets, worked out from the source itself.
 *
 * <p>Fork/join code declares its types: {@code ForkJoinPool pool}, {@code long[] data}, {@code Lock lock}. So
 * this resolver reads declarations (locals, parameters, fields, imports, the project's own types) and asks
 * reflection about JDK types; it needs neither a classpath nor a second parse of anything. What it cannot type
 * (a {@code var} bound to a generic call, an implicit lambda parameter) is handed, only for the few receivers
 * a rule actually asks about, to JavaParser's symbol solver ({@link SolverFallback}).
 */
public final class Types {
    private static final String NONE = "";

    private final ProjectIndex index;
    private final JdkTypes jdk = new JdkTypes();
    private final SolverFallback solver;
    private final Map<Node, Map<String, String>> typeNames = new ConcurrentHashMap<>();
    private final Map<String, Boolean> subtypes = new ConcurrentHashMap<>();
    private final ThreadLocal<Set<TypeInfo>> resolvingSupertypes = ThreadLocal.withInitial(HashSet::new);

    /**
     * @param index  the analysed sources
     * @param solver the fallback for receivers the declarations do not type, or null for none
     */
    public Types(ProjectIndex index, SolverFallback solver) {
        this.index = index;
        this.solver = solver;
    }

    public ProjectIndex index() {
        return index;
    }

    // ---------------------------------------------------------------------------------------------
    // Type names

    /** Whether a type of this dotted name exists in the sources, the JDK, or Weft's public API. */
    public boolean typeExists(String fqn) {
        return index.declares(fqn) || jdk.load(fqn).isPresent() || Api.EXTERNAL_SUPERTYPES.containsKey(fqn);
    }

    /** The dotted name that a (possibly qualified) type name written at {@code context} denotes, or null. */
    public String resolveTypeName(String name, Node context) {
        int dot = name.indexOf('.');
        if (dot < 0) {
            return resolveSimpleName(name, context);
        }
        String head = resolveSimpleName(name.substring(0, dot), context);
        if (head != null) {
            String member = memberTypeChain(head, name.substring(dot + 1));
            if (member != null) {
                return member;
            }
        }
        return typeExists(name) ? name : null;
    }

    private String memberTypeChain(String owner, String rest) {
        String current = owner;
        for (String part : rest.split("\\.")) {
            current = memberType(current, part);
            if (current == null) {
                return null;
            }
        }
        return current;
    }

    /** The member type {@code name} of {@code owner} (declared or inherited), or null. */
    private String memberType(String owner, String name) {
        HierarchyWalk walk = new HierarchyWalk(owner);
        for (String t = walk.next(); t != null; t = walk.next()) {
            TypeInfo info = index.type(t);
            if (info != null) {
                TypeInfo m = info.memberType(name);
                if (m != null) {
                    return m.fqn();
                }
                if (!resolvingSupertypes.get().contains(info)) {
                    walk.follow(supertypes(info));
                }
            } else if (jdk.load(t + "." + name).isPresent()) {
                return t + "." + name;
            } else {
                walk.follow(jdk.supertypes(t));
            }
        }
        return null;
    }

    private String resolveSimpleName(String name, Node context) {
        // A type parameter in scope hides every type: it stands for its bound (or for nothing we can name).
        for (Node n = context; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof NodeWithTypeParameters<?> generic) {
                for (TypeParameter p : generic.getTypeParameters()) {
                    if (p.getNameAsString().equals(name)) {
                        return p.getTypeBound().isEmpty() ? null
                                : resolveTypeName(p.getTypeBound().get(0).getNameWithScope(), p);
                    }
                }
            }
            if (n instanceof TypeDeclaration<?> && !((TypeDeclaration<?>) n).isNestedType()) {
                break;
            }
        }
        Node key = enclosingTypeNode(context);
        if (key == null) {
            return null;
        }
        String cached = typeNames.computeIfAbsent(key, k -> new ConcurrentHashMap<>()).get(name);
        if (cached == null) {
            String found = lookupSimpleName(name, key);
            cached = found == null ? NONE : found;
            typeNames.get(key).put(name, cached);
        }
        return cached.equals(NONE) ? null : cached;
    }

    private static Node enclosingTypeNode(Node context) {
        for (Node n = context; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof TypeDeclaration<?> || n instanceof CompilationUnit) {
                return n;
            }
        }
        return null;
    }

    private String lookupSimpleName(String name, Node typeOrUnit) {
        for (Node n = typeOrUnit; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof TypeDeclaration<?> t) {
                TypeInfo info = index.info(t);
                if (info == null) {
                    continue;
                }
                if (info.simpleName().equals(name)) {
                    return info.fqn();
                }
                String member = memberType(info.fqn(), name);
                if (member != null) {
                    return member;
                }
            }
        }
        CompilationUnit cu = typeOrUnit.findCompilationUnit().orElse(null);
        if (cu == null) {
            return null;
        }
        for (ImportDeclaration imp : cu.getImports()) {
            if (!imp.isStatic() && !imp.isAsterisk() && !imp.isModule()
                    && imp.getName().getIdentifier().equals(name)) {
                return imp.getNameAsString();
            }
        }
        String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        if (index.hasTopLevel(pkg, name)) {
            return pkg.isEmpty() ? name : pkg + "." + name;
        }
        for (ImportDeclaration imp : cu.getImports()) {
            if (imp.isAsterisk() && !imp.isStatic() && !imp.isModule()) {
                String candidate = imp.getNameAsString() + "." + name;
                if (typeExists(candidate)) {
                    return candidate;
                }
            }
        }
        for (ImportDeclaration imp : cu.getImports()) {
            if (imp.isModule()) {
                String found = jdk.typeInModule(imp.getNameAsString(), name);
                if (found != null) {
                    return found;
                }
            }
        }
        if (index.hasTopLevel("java.lang", name) || jdk.load("java.lang." + name).isPresent()) {
            return "java.lang." + name;
        }
        return Api.WELL_KNOWN.get(name);
    }

    /** The static type denoted by a type written in the source at {@code context}, or null. */
    public TypeRef resolveType(Type type, Node context) {
        if (type instanceof PrimitiveType p) {
            return TypeRef.of(p.asString());
        }
        if (type instanceof ArrayType a) {
            TypeRef component = resolveType(a.getComponentType(), context);
            return component == null ? null : new TypeRef(component.name(), component.dims() + 1);
        }
        if (type instanceof ClassOrInterfaceType c) {
            String fqn = resolveTypeName(c.getNameWithScope(), context);
            return fqn == null ? null : TypeRef.of(fqn);
        }
        return null;
    }

    /** The direct supertypes of a project type, resolved (unresolvable ones left out). */
    public List<String> supertypes(TypeInfo t) {
        List<String> known = t.supertypesIfResolved();
        if (known != null) {
            return known;
        }
        Set<TypeInfo> inProgress = resolvingSupertypes.get();
        inProgress.add(t);
        try {
            List<String> result = new ArrayList<>();
            TypeDeclaration<?> d = t.decl();
            List<ClassOrInterfaceType> written = new ArrayList<>();
            if (d instanceof ClassOrInterfaceDeclaration c) {
                written.addAll(c.getExtendedTypes());
                written.addAll(c.getImplementedTypes());
                if (c.getExtendedTypes().isEmpty() && !c.isInterface()) {
                    result.add("java.lang.Object");
                }
            } else if (d instanceof EnumDeclaration e) {
                result.add("java.lang.Enum");
                written.addAll(e.getImplementedTypes());
            } else if (d instanceof RecordDeclaration r) {
                result.add("java.lang.Record");
                written.addAll(r.getImplementedTypes());
            }
            for (ClassOrInterfaceType w : written) {
                String fqn = resolveTypeName(w.getNameWithScope(), d);
                if (fqn != null && !fqn.equals(t.fqn())) {
                    result.add(fqn);
                }
            }
            t.setSupertypes(result);
            return t.supertypesIfResolved();
        } finally {
            inProgress.remove(t);
        }
    }

    /** Whether {@code type} is {@code target} or a subtype of it (project, JDK and Weft types alike). */
    public boolean isSubtype(String type, String target) {
        if (type == null || target == null) {
            return false;
        }
        if (type.equals(target)) {
            return true;
        }
        return subtypes.computeIfAbsent(type + "<:" + target, k -> computeSubtype(type, target, new HashSet<>()));
    }

    private boolean computeSubtype(String type, String target, Set<String> seen) {
        if (type.equals(target)) {
            return true;
        }
        if (!seen.add(type)) {
            return false;
        }
        TypeInfo info = index.type(type);
        if (info != null) {
            for (String s : supertypes(info)) {
                if (computeSubtype(s, target, seen)) {
                    return true;
                }
            }
            return false;
        }
        Set<String> external = Api.EXTERNAL_SUPERTYPES.get(type);
        if (external != null) {
            for (String s : external) {
                if (computeSubtype(s, target, seen)) {
                    return true;
                }
            }
            return false;
        }
        return jdk.isSubtype(type, target);
    }

    public boolean isSubtype(TypeRef type, String target) {
        return type != null && !type.isArray() && isSubtype(type.name(), target);
    }

    /** Whether instances of this type are fork/join tasks: java.util.concurrent's or Weft's. */
    public boolean isTaskType(String fqn) {
        return isSubtype(fqn, Api.FJ_TASK) || isSubtype(fqn, Api.WEFT_TASK);
    }

    // ---------------------------------------------------------------------------------------------
    // Scopes and names

    /** The class bodies enclosing {@code node}, innermost first. */
    public List<ClassScope> classScopes(Node node) {
        List<ClassScope> result = new ArrayList<>();
        Node child = node;
        for (Node n = node.getParentNode().orElse(null); n != null; child = n, n = n.getParentNode().orElse(null)) {
            if (n instanceof TypeDeclaration<?> t) {
                TypeInfo info = index.info(t);
                if (info != null) {
                    result.add(new ClassScope(info, null, info.fqn()));
                }
            } else if (n instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()
                    && child instanceof BodyDeclaration<?>) {
                TypeRef sup = resolveType(o.getType(), o);
                result.add(new ClassScope(null, o, sup == null ? null : sup.name()));
            }
        }
        return result;
    }

    /** The innermost class body enclosing {@code node}, or null. */
    public ClassScope enclosingClass(Node node) {
        List<ClassScope> scopes = classScopes(node);
        return scopes.isEmpty() ? null : scopes.get(0);
    }

    /** What the simple name {@code name} refers to as a variable at {@code at}, or null if it is none. */
    public Binding lookup(String name, Node at) {
        Node child = at;
        for (Node n = at.getParentNode().orElse(null); n != null; child = n, n = n.getParentNode().orElse(null)) {
            Binding b = lookupIn(n, child, name);
            if (b != null) {
                return b;
            }
        }
        return null;
    }

    private Binding lookupIn(Node n, Node child, String name) {
        if (n instanceof BlockStmt block) {
            return inStatements(block.getStatements(), child, name);
        } else if (n instanceof SwitchEntry entry) {
            return inStatements(entry.getStatements(), child, name);
        } else if (n instanceof ForStmt f) {
            for (Expression init : f.getInitialization()) {
                Binding b = inDeclaration(init, name);
                if (b != null) {
                    return b;
                }
            }
        } else if (n instanceof ForEachStmt f && child != f.getIterable()) {
            for (VariableDeclarator v : f.getVariable().getVariables()) {
                if (v.getNameAsString().equals(name)) {
                    TypeRef known = null;
                    if (v.getType().isVarType()) {
                        TypeRef it = typeOf(f.getIterable());
                        known = it != null && it.isArray() ? it.component() : null;
                    }
                    return new Binding(Binding.Kind.LOCAL, v, known == null ? v.getType() : null, null, known);
                }
            }
        } else if (n instanceof TryStmt t) {
            for (Expression r : t.getResources()) {
                Binding b = inDeclaration(r, name);
                if (b != null) {
                    return b;
                }
            }
        } else if (n instanceof CatchClause c && c.getParameter().getNameAsString().equals(name)) {
            return new Binding(Binding.Kind.PARAMETER, c.getParameter(), c.getParameter().getType(), null, null);
        } else if (n instanceof LambdaExpr l) {
            for (Parameter p : l.getParameters()) {
                if (p.getNameAsString().equals(name)) {
                    return new Binding(Binding.Kind.LAMBDA_PARAMETER, p, p.getType(), null, null);
                }
            }
        } else if (n instanceof CallableDeclaration<?> c) {
            for (Parameter p : c.getParameters()) {
                if (p.getNameAsString().equals(name)) {
                    return new Binding(Binding.Kind.PARAMETER, p, p.getType(), null, null);
                }
            }
        } else if (n instanceof TypeDeclaration<?> t) {
            TypeInfo info = index.info(t);
            return info == null ? null : fieldOf(info.fqn(), name);
        } else if (n instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()
                && child instanceof BodyDeclaration<?>) {
            for (BodyDeclaration<?> m : o.getAnonymousClassBody().get()) {
                if (m instanceof FieldDeclaration f) {
                    for (VariableDeclarator v : f.getVariables()) {
                        if (v.getNameAsString().equals(name)) {
                            return new Binding(Binding.Kind.FIELD, v, v.getType(), null, null);
                        }
                    }
                }
            }
            TypeRef sup = resolveType(o.getType(), o);
            return sup == null ? null : fieldOf(sup.name(), name);
        } else if (n instanceof CompilationUnit cu) {
            return staticallyImportedField(cu, name);
        }
        return null;
    }

    private Binding inStatements(NodeList<Statement> statements, Node child, String name) {
        for (Statement s : statements) {
            if (s == child) {
                break;
            }
            if (s instanceof ExpressionStmt e) {
                Binding b = inDeclaration(e.getExpression(), name);
                if (b != null) {
                    return b;
                }
            }
        }
        // The statement holding the use may itself declare the name (`int[] a = ..., b = a`).
        if (child instanceof ExpressionStmt e) {
            return inDeclaration(e.getExpression(), name);
        }
        return null;
    }

    private static Binding inDeclaration(Expression e, String name) {
        if (e instanceof VariableDeclarationExpr decl) {
            for (VariableDeclarator v : decl.getVariables()) {
                if (v.getNameAsString().equals(name)) {
                    return new Binding(Binding.Kind.LOCAL, v, v.getType(), v.getInitializer().orElse(null), null);
                }
            }
        }
        return null;
    }

    /** A field named {@code name} declared in or inherited by type {@code owner}, or null. */
    public Binding fieldOf(String owner, String name) {
        HierarchyWalk walk = new HierarchyWalk(owner);
        for (String t = walk.next(); t != null; t = walk.next()) {
            TypeInfo info = index.type(t);
            if (info != null) {
                TypeInfo.FieldEntry f = info.field(name);
                if (f != null) {
                    return new Binding(Binding.Kind.FIELD, f.declarator(), f.type(), null,
                            f.declarator() instanceof com.github.javaparser.ast.body.EnumConstantDeclaration
                                    ? TypeRef.of(info.fqn()) : null);
                }
                walk.follow(supertypes(info));
            } else {
                TypeRef jdkField = jdk.fieldType(t, name);
                if (jdkField != null) {
                    return new Binding(Binding.Kind.FIELD, null, null, null, jdkField);
                }
            }
        }
        return null;
    }

    private Binding staticallyImportedField(CompilationUnit cu, String name) {
        for (ImportDeclaration imp : cu.getImports()) {
            if (!imp.isStatic()) {
                continue;
            }
            String owner;
            if (imp.isAsterisk()) {
                owner = imp.getNameAsString();
            } else if (imp.getName().getIdentifier().equals(name)) {
                owner = imp.getName().getQualifier().map(q -> q.asString()).orElse(null);
            } else {
                continue;
            }
            if (owner != null) {
                Binding b = fieldOf(owner, name);
                if (b != null) {
                    return b;
                }
            }
        }
        return null;
    }

    /** The static type of a variable binding, or null. */
    public TypeRef typeOf(Binding b) {
        if (b.knownType() != null) {
            return b.knownType();
        }
        if (b.type() == null || b.type().isUnknownType()) {
            return null;
        }
        if (b.type().isVarType()) {
            return b.initializer() == null ? null : typeOf(b.initializer());
        }
        // A varargs parameter `T... xs` is an array inside the method.
        TypeRef t = resolveType(b.type(), b.declarator() != null ? b.declarator() : b.type());
        if (t != null && b.declarator() instanceof Parameter p && p.isVarArgs()) {
            t = new TypeRef(t.name(), t.dims() + 1);
        }
        return t;
    }

    /**
     * The type that an expression used as a qualifier names, when it names a type rather than a value
     * ({@code Arrays} in {@code Arrays.copyOf}), or null.
     */
    public String typeNameOf(Expression scope) {
        if (scope instanceof NameExpr n) {
            return lookup(n.getNameAsString(), n) == null ? resolveTypeName(n.getNameAsString(), n) : null;
        }
        if (scope instanceof FieldAccessExpr f) {
            String owner = typeNameOf(f.getScope());
            if (owner != null) {
                return memberType(owner, f.getNameAsString());
            }
            Expression leftmost = f;
            while (leftmost instanceof FieldAccessExpr fa) {
                leftmost = fa.getScope();
            }
            if (leftmost instanceof NameExpr n && lookup(n.getNameAsString(), n) == null) {
                String qualified = f.toString();
                return typeExists(qualified) ? qualified : null;
            }
            return null;
        }
        if (scope instanceof TypeExpr t) {
            TypeRef r = resolveType(t.getType(), t);
            return r == null ? null : r.name();
        }
        return null;
    }

    // ---------------------------------------------------------------------------------------------
    // Expressions

    /** The static type of an expression, from declarations and reflection only; null when unknown. */
    public TypeRef typeOf(Expression e) {
        if (e instanceof NameExpr n) {
            Binding b = lookup(n.getNameAsString(), n);
            return b == null ? null : typeOf(b);
        } else if (e instanceof EnclosedExpr en) {
            return typeOf(en.getInner());
        } else if (e instanceof CastExpr c) {
            return resolveType(c.getType(), c);
        } else if (e instanceof ObjectCreationExpr o) {
            return resolveType(o.getType(), o);
        } else if (e instanceof ArrayCreationExpr a) {
            TypeRef element = resolveType(a.getElementType(), a);
            return element == null ? null : new TypeRef(element.name(), element.dims() + a.getLevels().size());
        } else if (e instanceof ArrayAccessExpr a) {
            TypeRef t = typeOf(a.getName());
            return t != null && t.isArray() ? t.component() : null;
        } else if (e instanceof FieldAccessExpr f) {
            return fieldAccessType(f);
        } else if (e instanceof MethodCallExpr m) {
            return returnType(m);
        } else if (e instanceof ThisExpr t) {
            if (t.getTypeName().isPresent()) {
                String fqn = resolveTypeName(t.getTypeName().get().asString(), t);
                return fqn == null ? null : TypeRef.of(fqn);
            }
            ClassScope c = enclosingClass(t);
            return c == null || c.fqn() == null ? null : TypeRef.of(c.fqn());
        } else if (e instanceof ConditionalExpr c) {
            TypeRef a = typeOf(c.getThenExpr());
            return a != null && a.equals(typeOf(c.getElseExpr())) ? a : null;
        } else if (e instanceof AssignExpr a) {
            return typeOf(a.getTarget());
        } else if (e instanceof StringLiteralExpr || e instanceof TextBlockLiteralExpr) {
            return TypeRef.of("java.lang.String");
        } else if (e instanceof IntegerLiteralExpr) {
            return TypeRef.of("int");
        } else if (e instanceof LongLiteralExpr) {
            return TypeRef.of("long");
        } else if (e instanceof BooleanLiteralExpr) {
            return TypeRef.of("boolean");
        } else if (e instanceof CharLiteralExpr) {
            return TypeRef.of("char");
        } else if (e instanceof DoubleLiteralExpr d) {
            return TypeRef.of(d.getValue().toLowerCase().endsWith("f") ? "float" : "double");
        }
        return null;
    }

    /**
     * The static type of a receiver a rule asks about: from declarations when they tell, else from the symbol
     * solver (slower, so only for these few expressions).
     */
    public TypeRef receiverType(Expression e) {
        TypeRef t = typeOf(e);
        if (t == null && solver != null) {
            t = solver.typeOf(e);
        }
        return t;
    }

    private TypeRef fieldAccessType(FieldAccessExpr f) {
        String owner = typeNameOf(f.getScope());
        if (owner != null) {
            Binding b = fieldOf(owner, f.getNameAsString());
            return b == null ? null : typeOf(b);
        }
        TypeRef scope = typeOf(f.getScope());
        if (scope == null) {
            return null;
        }
        if (scope.isArray()) {
            return f.getNameAsString().equals("length") ? TypeRef.of("int") : null;
        }
        Binding b = fieldOf(scope.name(), f.getNameAsString());
        return b == null ? null : typeOf(b);
    }

    private TypeRef returnType(MethodCallExpr m) {
        String name = m.getNameAsString();
        int arity = m.getArguments().size();
        if (m.getScope().isPresent()) {
            Expression scope = m.getScope().get();
            String owner = typeNameOf(scope);
            if (owner == null) {
                TypeRef t = scope instanceof SuperExpr ? superclassOf(scope) : typeOf(scope);
                if (t == null) {
                    return null;
                }
                if (t.isArray()) {
                    return name.equals("clone") ? t : null;
                }
                owner = t.name();
            }
            return memberReturnType(owner, name, arity);
        }
        for (ClassScope c : classScopes(m)) {
            if (c.fqn() != null && hasMethod(c, name, arity)) {
                return c.info() == null && anonymousMethod(c, name, arity) != null
                        ? resolveType(anonymousMethod(c, name, arity).getType(), anonymousMethod(c, name, arity))
                        : memberReturnType(c.fqn(), name, arity);
            }
        }
        for (String owner : staticImportOwners(m, name)) {
            TypeRef t = memberReturnType(owner, name, arity);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    private TypeRef superclassOf(Expression superExpr) {
        ClassScope c = enclosingClass(superExpr);
        if (c == null) {
            return null;
        }
        if (c.info() == null) {
            return c.fqn() == null ? null : TypeRef.of(c.fqn());
        }
        List<String> sup = supertypes(c.info());
        return sup.isEmpty() ? null : TypeRef.of(sup.get(0));
    }

    private static MethodDeclaration anonymousMethod(ClassScope c, String name, int arity) {
        for (BodyDeclaration<?> member : c.members()) {
            if (member instanceof MethodDeclaration md && md.getNameAsString().equals(name)
                    && TypeInfo.accepts(md, arity)) {
                return md;
            }
        }
        return null;
    }

    private boolean hasMethod(ClassScope c, String name, int arity) {
        if (c.info() == null && anonymousMethod(c, name, arity) != null) {
            return true;
        }
        return hasMethod(c.fqn(), name, arity);
    }

    /** Whether type {@code owner} declares or inherits a method {@code name} taking {@code arity} arguments. */
    public boolean hasMethod(String owner, String name, int arity) {
        HierarchyWalk walk = new HierarchyWalk(owner);
        for (String t = walk.next(); t != null; t = walk.next()) {
            TypeInfo info = index.type(t);
            if (info != null) {
                for (MethodDeclaration md : info.methods(name)) {
                    if (TypeInfo.accepts(md, arity)) {
                        return true;
                    }
                }
                walk.follow(supertypes(info));
            } else if (jdk.hasMethod(t, name, arity)) {
                return true;
            }
        }
        return false;
    }

    private TypeRef memberReturnType(String owner, String name, int arity) {
        HierarchyWalk walk = new HierarchyWalk(owner);
        for (String t = walk.next(); t != null; t = walk.next()) {
            TypeInfo info = index.type(t);
            if (info != null) {
                TypeRef found = null;
                boolean any = false;
                for (MethodDeclaration md : info.methods(name)) {
                    if (TypeInfo.accepts(md, arity)) {
                        TypeRef r = resolveType(md.getType(), md);
                        if (r == null || (any && !r.equals(found))) {
                            return null;
                        }
                        found = r;
                        any = true;
                    }
                }
                if (any) {
                    return found;
                }
                walk.follow(supertypes(info));
            } else if (t.equals(Api.WEFT_POOL) && name.equals("common")) {
                return TypeRef.of(Api.WEFT_POOL);
            } else {
                TypeRef r = jdk.returnType(t, name, arity);
                if (r != null) {
                    return r;
                }
            }
        }
        return null;
    }

    /** Types whose static member {@code name} is imported into the file of {@code at}. */
    public List<String> staticImportOwners(Node at, String name) {
        List<String> owners = new ArrayList<>();
        at.findCompilationUnit().ifPresent(cu -> {
            for (ImportDeclaration imp : cu.getImports()) {
                if (!imp.isStatic()) {
                    continue;
                }
                if (imp.isAsterisk()) {
                    owners.add(imp.getNameAsString());
                } else if (imp.getName().getIdentifier().equals(name)) {
                    imp.getName().getQualifier().ifPresent(q -> owners.add(q.asString()));
                }
            }
        });
        return owners;
    }

    /**
     * Whether a call is {@code Owner.name(...)} for one of {@code names}: qualified by the type, or
     * unqualified through a static import (or from inside that type).
     */
    public boolean isStaticCall(MethodCallExpr m, String owner, Set<String> names) {
        if (!names.contains(m.getNameAsString())) {
            return false;
        }
        if (m.getScope().isPresent()) {
            return owner.equals(typeNameOf(m.getScope().get()));
        }
        for (ClassScope c : classScopes(m)) {
            if (c.fqn() != null && hasMethod(c, m.getNameAsString(), m.getArguments().size())) {
                // Inherited static methods count: invokeAll(a, b) inside a RecursiveAction is ForkJoinTask's.
                return isSubtype(c.fqn(), owner);
            }
        }
        for (String imported : staticImportOwners(m, m.getNameAsString())) {
            String fqn = typeExists(imported) ? imported : resolveTypeName(imported, m);
            if (owner.equals(fqn)) {
                return true;
            }
        }
        return false;
    }

    public boolean isStaticCall(MethodCallExpr m, String owner, String name) {
        return isStaticCall(m, owner, Set.of(name));
    }

    // ---------------------------------------------------------------------------------------------
    // Call targets in the analysed sources

    /** Methods of the analysed sources that a call may run (statically bound; see {@link TaskCode}). */
    public List<CallableDeclaration<?>> targets(MethodCallExpr m) {
        String name = m.getNameAsString();
        int arity = m.getArguments().size();
        if (!index.declaresMethodNamed(name)) {
            return List.of();
        }
        if (m.getScope().isEmpty()) {
            for (ClassScope c : classScopes(m)) {
                if (c.info() == null) {
                    MethodDeclaration own = anonymousMethod(c, name, arity);
                    if (own != null) {
                        return own.getBody().isPresent() ? List.of(own) : List.of();
                    }
                }
                if (c.fqn() != null && hasMethod(c.fqn(), name, arity)) {
                    return applicable(projectMethods(c.fqn(), name, arity), m.getArguments());
                }
            }
            List<CallableDeclaration<?>> result = new ArrayList<>();
            for (String owner : staticImportOwners(m, name)) {
                String fqn = typeExists(owner) ? owner : resolveTypeName(owner, m);
                if (fqn != null) {
                    result.addAll(projectMethods(fqn, name, arity));
                }
            }
            return applicable(result, m.getArguments());
        }
        Expression scope = m.getScope().get();
        if (scope instanceof SuperExpr) {
            TypeRef sup = superclassOf(scope);
            return sup == null ? List.of() : applicable(projectMethods(sup.name(), name, arity), m.getArguments());
        }
        String owner = typeNameOf(scope);
        if (owner == null) {
            // Declarations only: the symbol solver is too slow to ask about every call in a large tree.
            TypeRef t = typeOf(scope);
            if (t == null || t.isArray() || t.isPrimitive()) {
                return List.of();
            }
            owner = t.name();
        }
        return applicable(projectMethods(owner, name, arity), m.getArguments());
    }

    /** Constructors of the analysed sources that {@code new T(...)} runs. */
    public List<CallableDeclaration<?>> targets(ObjectCreationExpr o) {
        TypeRef t = resolveType(o.getType(), o);
        TypeInfo info = t == null ? null : index.type(t.name());
        if (info == null || Api.isFramework(info.fqn())) {
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
        ClassScope c = enclosingClass(s);
        if (c == null || c.info() == null) {
            return List.of();
        }
        String owner = c.fqn();
        if (!s.isThis()) {
            List<String> sup = supertypes(c.info());
            owner = sup.isEmpty() ? null : sup.get(0);
        }
        TypeInfo info = index.type(owner);
        if (info == null || Api.isFramework(info.fqn())) {
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
            argTypes.add(typeOf(a));
        }
        List<CallableDeclaration<?>> result = new ArrayList<>();
        for (CallableDeclaration<?> c : candidates) {
            boolean fits = true;
            for (int i = 0; i < argTypes.size() && fits; i++) {
                int p = Math.min(i, c.getParameters().size() - 1);
                Parameter param = c.getParameter(p);
                TypeRef pt = resolveType(param.getType(), param);
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
        return result;
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
            return box != null && (param.dims() == 0 && (isSubtype(box, param.name())));
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
        return isSubtype(arg.name(), param.name()) || !typeExists(param.name()) || !typeExists(arg.name());
    }

    /** Methods of the analysed sources that a method reference {@code X::m} denotes (any arity). */
    public List<CallableDeclaration<?>> targets(MethodReferenceExpr r) {
        String name = r.getIdentifier();
        String owner = typeNameOf(r.getScope());
        if (owner == null) {
            TypeRef t = typeOf(r.getScope());
            owner = t == null || t.isArray() ? null : t.name();
        }
        if (owner == null) {
            return List.of();
        }
        TypeInfo info = index.type(owner);
        if (info == null || Api.isFramework(owner)) {
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
     * the runtimes ({@link Api#isFramework}) are not followed.
     */
    public List<CallableDeclaration<?>> projectMethods(String owner, String name, int arity) {
        HierarchyWalk walk = new HierarchyWalk(owner);
        Set<CallableDeclaration<?>> result = new LinkedHashSet<>();
        for (String t = walk.next(); t != null; t = walk.next()) {
            if (Api.isFramework(t)) {
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
                walk.follow(supertypes(info));
            }
        }
        return new ArrayList<>(result);
    }

    /** Identity set of nodes, for walks that must not revisit. */
    public static <T> Set<T> identitySet() {
        return java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    }

    /** The solver's counters, for the closing statistics line. */
    public Optional<String> solverStats() {
        return solver == null ? Optional.empty() : Optional.of(solver.stats());
    }

    /**
     * A breadth-first walk up a type hierarchy that visits each type once; the caller decides which
     * supertypes of a visited type to {@link #follow}.
     */
    private static final class HierarchyWalk {
        private final Deque<String> work = new ArrayDeque<>();
        private final Set<String> seen = new HashSet<>();

        HierarchyWalk(String start) {
            work.add(start);
        }

        /** The next type not visited yet, or null when the walk is over. */
        String next() {
            while (!work.isEmpty()) {
                String t = work.poll();
                if (t != null && seen.add(t)) {
                    return t;
                }
            }
            return null;
        }

        void follow(Collection<String> supertypes) {
            work.addAll(supertypes);
        }
    }
}
