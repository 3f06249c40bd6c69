package dev.weft.detect.analysis;

import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.EnumConstantDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A type declared in the analysed sources: its members by name, and its supertypes (resolved on first use).
 */
public final class TypeInfo {
    /** A field or record component: its declared type and the node that declares its name. */
    public record FieldEntry(Type type, com.github.javaparser.ast.Node declarator, boolean isStatic) {
    }

    private final String key;
    private final TypeDeclaration<?> decl;
    private final SourceFile file;
    private final TypeInfo outer;
    private final Map<String, List<MethodDeclaration>> methods = new HashMap<>();
    private final List<ConstructorDeclaration> constructors = new ArrayList<>();
    private final Map<String, FieldEntry> fields = new LinkedHashMap<>();
    private final Map<String, TypeInfo> memberTypes = new HashMap<>();
    private volatile List<String> supertypes;

    TypeInfo(String key, TypeDeclaration<?> decl, SourceFile file, TypeInfo outer) {
        this.key = key;
        this.decl = decl;
        this.file = file;
        this.outer = outer;
        for (BodyDeclaration<?> member : decl.getMembers()) {
            if (member instanceof MethodDeclaration m) {
                methods.computeIfAbsent(m.getNameAsString(), k -> new ArrayList<>()).add(m);
            } else if (member instanceof ConstructorDeclaration c) {
                constructors.add(c);
            } else if (member instanceof FieldDeclaration f) {
                for (VariableDeclarator v : f.getVariables()) {
                    fields.put(v.getNameAsString(), new FieldEntry(v.getType(), v, f.isStatic()));
                }
            }
        }
        if (decl instanceof RecordDeclaration r) {
            for (Parameter p : r.getParameters()) {
                fields.put(p.getNameAsString(), new FieldEntry(p.getType(), p, false));
            }
        }
        if (decl instanceof EnumDeclaration e) {
            ClassOrInterfaceType self = new ClassOrInterfaceType(null, e.getNameAsString());
            for (EnumConstantDeclaration c : e.getEntries()) {
                fields.put(c.getNameAsString(), new FieldEntry(self, c, true));
            }
        }
    }

    /**
     * The key the resolver names this type by: its dotted name ({@code pkg.Outer.Inner}; local classes get their
     * enclosing type's name plus their own), unless several source roots declare that name (see
     * {@link ProjectIndex}).
     */
    public String key() {
        return key;
    }

    public String simpleName() {
        return decl.getNameAsString();
    }

    public TypeDeclaration<?> decl() {
        return decl;
    }

    public SourceFile file() {
        return file;
    }

    /** The lexically enclosing declared type, or null for a top-level type. */
    public TypeInfo outer() {
        return outer;
    }

    public boolean isInterface() {
        return decl.isClassOrInterfaceDeclaration() && decl.asClassOrInterfaceDeclaration().isInterface();
    }

    public List<MethodDeclaration> methods(String name) {
        return methods.getOrDefault(name, List.of());
    }

    public List<ConstructorDeclaration> constructors() {
        return constructors;
    }

    public FieldEntry field(String name) {
        return fields.get(name);
    }

    public Map<String, FieldEntry> fields() {
        return fields;
    }

    public TypeInfo memberType(String name) {
        return memberTypes.get(name);
    }

    void addMemberType(TypeInfo member) {
        memberTypes.put(member.simpleName(), member);
    }

    List<String> supertypesIfResolved() {
        return supertypes;
    }

    void setSupertypes(List<String> resolved) {
        supertypes = List.copyOf(resolved);
    }

    /** Whether a callable accepts {@code arity} arguments (varargs included). */
    public static boolean accepts(CallableDeclaration<?> c, int arity) {
        int n = c.getParameters().size();
        return n == arity || (n > 0 && c.getParameter(n - 1).isVarArgs() && arity >= n - 1);
    }

    @Override
    public String toString() {
        return key;
    }
}
