package dev.weft.detect.analysis;

import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ClassExpr;
import com.github.javaparser.ast.expr.InstanceOfExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.CharLiteralExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import java.util.List;
import java.util.Set;

/**
 * The static types of expressions, worked out from declarations and reflection; the symbol solver
 * ({@link SolverFallback}) is asked only about the receivers a rule needs that those cannot type.
 */
public final class ExpressionTypes {
    private final ProjectIndex index;
    private final TypeNames names;
    private final Bindings bindings;
    private final JdkTypes jdk;
    private final SolverFallback solver;

    ExpressionTypes(ProjectIndex index, TypeNames names, Bindings bindings, JdkTypes jdk, SolverFallback solver) {
        this.index = index;
        this.names = names;
        this.bindings = bindings;
        this.jdk = jdk;
        this.solver = solver;
    }

    /** The static type of an expression, from declarations and reflection only; null when unknown. */
    public TypeRef typeOf(Expression e) {
        if (e instanceof NameExpr n) {
            Binding b = bindings.lookup(n.getNameAsString(), n);
            return b == null ? null : bindings.typeOf(b);
        } else if (e instanceof EnclosedExpr en) {
            return typeOf(en.getInner());
        } else if (e instanceof CastExpr c) {
            return names.resolveType(c.getType(), c);
        } else if (e instanceof ObjectCreationExpr o) {
            return names.resolveType(o.getType(), o);
        } else if (e instanceof ArrayCreationExpr a) {
            TypeRef element = names.resolveType(a.getElementType(), a);
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
                String fqn = names.resolveTypeName(t.getTypeName().get().asString(), t);
                return fqn == null ? null : TypeRef.of(fqn);
            }
            ClassScope c = bindings.enclosingClass(t);
            return c == null || c.key() == null ? null : TypeRef.of(c.key());
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
        } else if (e instanceof BinaryExpr b) {
            return binaryType(b);
        } else if (e instanceof UnaryExpr u) {
            if (u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
                return TypeRef.of("boolean");
            }
            TypeRef t = unboxed(typeOf(u.getExpression()));
            return switch (u.getOperator()) {
                case PLUS, MINUS, BITWISE_COMPLEMENT -> t == null ? null : promoted(t, TypeRef.of("int"));
                default -> t;
            };
        } else if (e instanceof InstanceOfExpr) {
            return TypeRef.of("boolean");
        } else if (e instanceof ClassExpr) {
            return TypeRef.of("java.lang.Class");
        }
        return null;
    }

    private static final List<String> NUMERIC = List.of("byte", "short", "char", "int", "long", "float", "double");

    /**
     * The type of a binary operation: a string concatenation is a String, a comparison or a logical operation a
     * boolean, arithmetic the promoted type of its operands (JLS 5.6.2); null when an operand is unknown.
     */
    private TypeRef binaryType(BinaryExpr b) {
        switch (b.getOperator()) {
            case OR, AND, EQUALS, NOT_EQUALS, LESS, GREATER, LESS_EQUALS, GREATER_EQUALS:
                return TypeRef.of("boolean");
            default:
                break;
        }
        TypeRef l = typeOf(b.getLeft());
        TypeRef r = typeOf(b.getRight());
        if (b.getOperator() == BinaryExpr.Operator.PLUS && (isString(l) || isString(r))) {
            return TypeRef.of("java.lang.String");
        }
        l = unboxed(l);
        r = unboxed(r);
        if (l == null || r == null) {
            return null;
        }
        switch (b.getOperator()) {
            case LEFT_SHIFT, SIGNED_RIGHT_SHIFT, UNSIGNED_RIGHT_SHIFT:
                return promoted(l, TypeRef.of("int"));
            case BINARY_AND, BINARY_OR, XOR:
                if (l.name().equals("boolean") && r.name().equals("boolean")) {
                    return l;
                }
                return promoted(l, r);
            default:
                return promoted(l, r);
        }
    }

    private static boolean isString(TypeRef t) {
        return t != null && t.dims() == 0 && t.name().equals("java.lang.String");
    }

    /** The primitive type of a box, the type itself if primitive, else null. */
    private static TypeRef unboxed(TypeRef t) {
        if (t == null || t.isArray()) {
            return null;
        }
        if (t.isPrimitive()) {
            return t;
        }
        return switch (t.name()) {
            case "java.lang.Integer" -> TypeRef.of("int");
            case "java.lang.Long" -> TypeRef.of("long");
            case "java.lang.Double" -> TypeRef.of("double");
            case "java.lang.Float" -> TypeRef.of("float");
            case "java.lang.Short" -> TypeRef.of("short");
            case "java.lang.Byte" -> TypeRef.of("byte");
            case "java.lang.Character" -> TypeRef.of("char");
            case "java.lang.Boolean" -> TypeRef.of("boolean");
            default -> null;
        };
    }

    /** Binary numeric promotion: the wider of the two, at least int. */
    private static TypeRef promoted(TypeRef a, TypeRef b) {
        int i = NUMERIC.indexOf(a.name());
        int j = NUMERIC.indexOf(b.name());
        if (i < 0 || j < 0) {
            return null;
        }
        return TypeRef.of(NUMERIC.get(Math.max(Math.max(i, j), NUMERIC.indexOf("int"))));
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
        String owner = bindings.typeNameOf(f.getScope());
        if (owner != null) {
            Binding b = bindings.fieldOf(owner, f.getNameAsString());
            return b == null ? null : bindings.typeOf(b);
        }
        TypeRef scope = typeOf(f.getScope());
        if (scope == null) {
            return null;
        }
        if (scope.isArray()) {
            return f.getNameAsString().equals("length") ? TypeRef.of("int") : null;
        }
        Binding b = bindings.fieldOf(scope.name(), f.getNameAsString());
        return b == null ? null : bindings.typeOf(b);
    }

    private TypeRef returnType(MethodCallExpr m) {
        String name = m.getNameAsString();
        int arity = m.getArguments().size();
        if (m.getScope().isPresent()) {
            Expression scope = m.getScope().get();
            String owner = bindings.typeNameOf(scope);
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
        for (ClassScope c : bindings.classScopes(m)) {
            if (c.key() != null && hasMethod(c, name, arity)) {
                return c.info() == null && anonymousMethod(c, name, arity) != null
                        ? names.resolveType(anonymousMethod(c, name, arity).getType(), anonymousMethod(c, name, arity))
                        : memberReturnType(c.key(), name, arity);
            }
        }
        for (String owner : names.staticImportOwners(m, name)) {
            TypeRef t = memberReturnType(owner, name, arity);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    TypeRef superclassOf(Expression superExpr) {
        ClassScope c = bindings.enclosingClass(superExpr);
        if (c == null) {
            return null;
        }
        if (c.info() == null) {
            return c.key() == null ? null : TypeRef.of(c.key());
        }
        List<String> sup = names.supertypes(c.info());
        return sup.isEmpty() ? null : TypeRef.of(sup.get(0));
    }

    static MethodDeclaration anonymousMethod(ClassScope c, String name, int arity) {
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
        return hasMethod(c.key(), name, arity);
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
                walk.follow(names.supertypes(info));
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
                        TypeRef r = names.resolveType(md.getType(), md);
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
                walk.follow(names.supertypes(info));
            } else if (Api.EXTERNAL_RETURN_TYPES.containsKey(t + "." + name)) {
                return TypeRef.of(Api.EXTERNAL_RETURN_TYPES.get(t + "." + name));
            } else {
                TypeRef r = jdk.returnType(t, name, arity);
                if (r != null) {
                    return r;
                }
            }
        }
        // Every type has Object's methods, interfaces included ({@code ice.getClass()} on a Freezable).
        return owner.equals("java.lang.Object") ? null : jdk.returnType("java.lang.Object", name, arity);
    }

    /**
     * Whether a call on a receiver of this platform type runs a method the JDK declares {@code synchronized}
     * (every overload of that name and arity).
     */
    public boolean callsSynchronizedJdkMethod(String owner, String name, int arity) {
        return names.isPlatformType(owner) && !index.mayDeclare(owner)
                && jdk.isSynchronized(names.canonical(owner), name, arity);
    }

    /**
     * Whether a call is {@code Owner.name(...)} for one of {@code methodNames}: qualified by the type, or
     * unqualified through a static import (or from inside that type).
     */
    public boolean isStaticCall(MethodCallExpr m, String owner, Set<String> methodNames) {
        if (!methodNames.contains(m.getNameAsString())) {
            return false;
        }
        if (m.getScope().isPresent()) {
            return owner.equals(bindings.typeNameOf(m.getScope().get()));
        }
        for (ClassScope c : bindings.classScopes(m)) {
            if (c.key() != null && hasMethod(c, m.getNameAsString(), m.getArguments().size())) {
                // Inherited static methods count: invokeAll(a, b) inside a RecursiveAction is ForkJoinTask's.
                return names.isSubtype(c.key(), owner);
            }
        }
        for (String imported : names.staticImportOwners(m, m.getNameAsString())) {
            String fqn = names.typeExists(imported) ? imported : names.resolveTypeName(imported, m);
            if (owner.equals(fqn)) {
                return true;
            }
        }
        return false;
    }

    public boolean isStaticCall(MethodCallExpr m, String owner, String name) {
        return isStaticCall(m, owner, Set.of(name));
    }
}
