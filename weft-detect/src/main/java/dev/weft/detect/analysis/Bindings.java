package dev.weft.detect.analysis;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.TryStmt;
import java.util.ArrayList;
import java.util.List;

/**
 * Scopes and names: the class bodies around a piece of code, and what a simple name refers to there as a
 * variable (a local, a parameter, a lambda parameter, a field declared or inherited, a statically imported
 * field), with its declared type.
 */
public final class Bindings {
    private final Resolver resolver;
    private final ProjectIndex index;
    private final TypeNames names;
    private final JdkTypes jdk;

    Bindings(Resolver resolver, ProjectIndex index, TypeNames names, JdkTypes jdk) {
        this.resolver = resolver;
        this.index = index;
        this.names = names;
        this.jdk = jdk;
    }

    /** The class bodies enclosing {@code node}, innermost first. */
    public List<ClassScope> classScopes(Node node) {
        List<ClassScope> result = new ArrayList<>();
        Node child = node;
        for (Node n = node.getParentNode().orElse(null); n != null; child = n, n = n.getParentNode().orElse(null)) {
            if (n instanceof TypeDeclaration<?> t) {
                TypeInfo info = index.info(t);
                if (info != null) {
                    result.add(new ClassScope(info, null, info.key()));
                }
            } else if (n instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()
                    && child instanceof BodyDeclaration<?>) {
                TypeRef sup = names.resolveType(o.getType(), o);
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
                        TypeRef it = resolver.expressions().typeOf(f.getIterable());
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
            return info == null ? null : fieldOf(info.key(), name);
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
            TypeRef sup = names.resolveType(o.getType(), o);
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
                                    ? TypeRef.of(info.key()) : null);
                }
                walk.follow(names.supertypes(info));
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
            return b.initializer() == null ? null : resolver.expressions().typeOf(b.initializer());
        }
        // A varargs parameter `T... xs` is an array inside the method.
        TypeRef t = names.resolveType(b.type(), b.declarator() != null ? b.declarator() : b.type());
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
            return lookup(n.getNameAsString(), n) == null ? names.resolveTypeName(n.getNameAsString(), n) : null;
        }
        if (scope instanceof FieldAccessExpr f) {
            String owner = typeNameOf(f.getScope());
            if (owner != null) {
                return names.memberType(owner, f.getNameAsString());
            }
            Expression leftmost = f;
            while (leftmost instanceof FieldAccessExpr fa) {
                leftmost = fa.getScope();
            }
            if (leftmost instanceof NameExpr n && lookup(n.getNameAsString(), n) == null) {
                String qualified = f.toString();
                return names.typeExists(qualified) ? qualified : null;
            }
            return null;
        }
        if (scope instanceof TypeExpr t) {
            TypeRef r = names.resolveType(t.getType(), t);
            return r == null ? null : r.name();
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
                Binding b = lookup(name, n);
                if (b != null && b.declarator() == declarator) {
                    result.add(n);
                }
            }
        }
        return result;
    }
}
