package dev.weft.detect.analysis;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The types declared in the analysed sources, by name: the "project" whose methods task code may call.
 *
 * <p>The index knows every file's package and top-level types from the first scan ({@link SourceScan}), but
 * holds syntax trees only for the files parsed so far. Asking for a type whose file is not parsed yet parses
 * it then ({@code loader}): the analysis follows calls from task code into whatever files they lead to, and
 * pays for those files only. Without a loader every file is parsed up front (as for {@code --fix}).
 */
public final class ProjectIndex {
    private final Map<String, Path> declaredIn;
    private final Map<String, Set<String>> packages = new HashMap<>();
    private final Function<Path, SourceFile> loader;
    private final Set<Path> loaded = new HashSet<>();
    private final List<SourceFile> files = new ArrayList<>();
    private final Map<String, TypeInfo> byFqn = new HashMap<>();
    private final Map<TypeDeclaration<?>, TypeInfo> byDecl = new IdentityHashMap<>();
    private final Set<String> methodNames = new HashSet<>();

    /** An index of parsed files only: nothing is loaded later. */
    public ProjectIndex(List<SourceFile> files) {
        this(Map.of(), null);
        files.forEach(this::add);
    }

    /**
     * @param declaredIn the file of every top-level type of the sources, by dotted name (from the scan)
     * @param loader     parses a file on demand (null if it returns nothing, e.g. it does not parse)
     */
    public ProjectIndex(Map<String, Path> declaredIn, Function<Path, SourceFile> loader) {
        this.declaredIn = Map.copyOf(declaredIn);
        this.loader = loader;
        for (String fqn : declaredIn.keySet()) {
            int dot = fqn.lastIndexOf('.');
            packages.computeIfAbsent(dot < 0 ? "" : fqn.substring(0, dot), k -> new HashSet<>())
                    .add(fqn.substring(dot + 1));
        }
    }

    /** Adds a parsed file and its types. */
    public synchronized void add(SourceFile f) {
        if (!loaded.add(f.path().toAbsolutePath().normalize())) {
            return;
        }
        files.add(f);
        CompilationUnit cu = f.unit();
        String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        for (TypeDeclaration<?> t : f.types()) {
            register(t, f, pkg);
        }
    }

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

    /** The files parsed so far. */
    public synchronized List<SourceFile> files() {
        return List.copyOf(files);
    }

    /** The project type with this dotted name, or null; parses its file first if need be. */
    public synchronized TypeInfo type(String fqn) {
        if (fqn == null) {
            return null;
        }
        TypeInfo t = byFqn.get(fqn);
        if (t != null || loader == null) {
            return t;
        }
        // The file of the top-level type that fqn names, or that the named nested type is in.
        for (String prefix = fqn; ; prefix = prefix.substring(0, prefix.lastIndexOf('.'))) {
            Path file = declaredIn.get(prefix);
            if (file != null) {
                if (!loaded.contains(file.toAbsolutePath().normalize())) {
                    SourceFile f = loader.apply(file);
                    if (f != null) {
                        add(f);
                    } else {
                        loaded.add(file.toAbsolutePath().normalize());
                    }
                }
                return byFqn.get(fqn);
            }
            if (prefix.lastIndexOf('.') < 0) {
                return null;
            }
        }
    }

    /** Whether the sources declare a top-level type of this name (without parsing anything). */
    synchronized boolean declares(String fqn) {
        if (byFqn.containsKey(fqn) || declaredIn.containsKey(fqn)) {
            return true;
        }
        int dot = fqn.lastIndexOf('.');
        return dot > 0 && declaredIn.containsKey(fqn.substring(0, dot)) && type(fqn) != null;
    }

    /** The info for a declaration in the analysed sources. */
    public synchronized TypeInfo info(TypeDeclaration<?> decl) {
        return byDecl.get(decl);
    }

    /** The types parsed so far. */
    public synchronized List<TypeInfo> types() {
        return new ArrayList<>(byDecl.values());
    }

    /** Whether a top-level type {@code pkg.name} is declared in the sources. */
    synchronized boolean hasTopLevel(String pkg, String name) {
        Set<String> names = packages.get(pkg);
        return names != null && names.contains(name);
    }

    /**
     * Whether some project type may declare a method with this name: a cheap filter before resolving a call.
     * While files are still parsed on demand it cannot know, and says yes.
     */
    public synchronized boolean declaresMethodNamed(String name) {
        return loader != null || methodNames.contains(name);
    }

    /** Project types (among those parsed) that name {@code fqn} as a direct supertype. */
    public List<TypeInfo> directSubtypes(String fqn, TypeNames names) {
        List<TypeInfo> result = new ArrayList<>();
        for (TypeInfo t : types()) {
            if (names.supertypes(t).contains(fqn)) {
                result.add(t);
            }
        }
        return result;
    }
}
