package dev.weft.detect.analysis;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every type declared in the analysed sources, by name: the "project" whose methods task code may call.
 * Built once, read-only afterwards (so the analysis may read it from several threads).
 */
public final class ProjectIndex {
    private final List<SourceFile> files;
    private final Map<String, TypeInfo> byFqn = new HashMap<>();
    private final Map<TypeDeclaration<?>, TypeInfo> byDecl = new IdentityHashMap<>();
    private final Set<String> methodNames = new HashSet<>();
    private final Map<String, Set<String>> packages = new HashMap<>();

    public ProjectIndex(List<SourceFile> files) {
        this.files = List.copyOf(files);
        for (SourceFile f : files) {
            CompilationUnit cu = f.unit();
            String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
            for (TypeDeclaration<?> t : cu.findAll(TypeDeclaration.class)) {
                register(t, f, pkg);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private TypeInfo register(TypeDeclaration<?> t, SourceFile f, String pkg) {
        TypeInfo known = byDecl.get(t);
        if (known != null) {
            return known;
        }
        TypeInfo outer = null;
        Node p = t.getParentNode().orElse(null);
        while (p != null && !(p instanceof TypeDeclaration<?>) && !(p instanceof CompilationUnit)) {
            p = p.getParentNode().orElse(null);
        }
        if (p instanceof TypeDeclaration<?> enclosing) {
            outer = register(enclosing, f, pkg);
        }
        String fqn = outer != null ? outer.fqn() + "." + t.getNameAsString()
                : pkg.isEmpty() ? t.getNameAsString() : pkg + "." + t.getNameAsString();
        TypeInfo info = new TypeInfo(fqn, t, f, outer);
        byDecl.put(t, info);
        byFqn.putIfAbsent(fqn, info);
        if (outer != null) {
            outer.addMemberType(info);
        } else {
            packages.computeIfAbsent(pkg, k -> new HashSet<>()).add(t.getNameAsString());
        }
        for (MethodDeclaration m : t.getMethods()) {
            methodNames.add(m.getNameAsString());
        }
        return info;
    }

    public List<SourceFile> files() {
        return files;
    }

    /** The project type with this dotted name, or null. */
    public TypeInfo type(String fqn) {
        return fqn == null ? null : byFqn.get(fqn);
    }

    /** The info for a declaration in the analysed sources. */
    public TypeInfo info(TypeDeclaration<?> decl) {
        return byDecl.get(decl);
    }

    public Iterable<TypeInfo> types() {
        return byDecl.values();
    }

    /** Whether a top-level type {@code pkg.name} is declared in the sources. */
    boolean hasTopLevel(String pkg, String name) {
        Set<String> names = packages.get(pkg);
        return names != null && names.contains(name);
    }

    /** Whether any project type declares a method with this name: a cheap filter before resolving a call. */
    public boolean declaresMethodNamed(String name) {
        return methodNames.contains(name);
    }

    /** Project types that name {@code fqn} as a direct supertype. */
    public List<TypeInfo> directSubtypes(String fqn, Types types) {
        List<TypeInfo> result = new ArrayList<>();
        for (TypeInfo t : byDecl.values()) {
            if (types.supertypes(t).contains(fqn)) {
                result.add(t);
            }
        }
        return result;
    }
}
