package dev.weft.detect.analysis;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
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
 *
 * <p><b>Source roots.</b> A tree may hold several modules, and two of them may declare a type of the same name
 * (a library and its legacy copy, say). Each file belongs to the source root its package is laid out under, and
 * a type name written in a file means the declaration in that file's root when there is one. Such a name is then
 * not a unique key: the index gives each of those declarations its own key, the name followed by {@code #} and
 * its number ({@code com.example.Tree#2}), and the resolver speaks of types by key. Names declared once are
 * their own key.
 */
public final class ProjectIndex {
    /**
     * What the scan learned about one file before any tree is built.
     *
     * @param path   the file
     * @param pkg    its package ("" for the unnamed one)
     * @param types  the simple names of its top-level types
     * @param supers the simple names of the types its classes extend or implement
     */
    public record Declared(Path path, String pkg, List<String> types, Set<String> supers) {
    }

    private final Map<String, Path> declaredIn = new HashMap<>();
    /** For a top-level name declared in several files: its key in each file, in file order. */
    private final Map<String, Map<Path, String>> duplicates = new HashMap<>();
    private final Map<Path, Path> rootOfFile = new HashMap<>();
    private final Map<String, Set<String>> packages = new HashMap<>();
    private final Map<String, List<Path>> namedAsSupertype = new HashMap<>();
    private final Function<Path, SourceFile> loader;
    private final Set<Path> loaded = new HashSet<>();
    private final List<SourceFile> files = new ArrayList<>();
    private final Map<String, TypeInfo> byKey = new HashMap<>();
    private final Map<TypeDeclaration<?>, TypeInfo> byDecl = new IdentityHashMap<>();
    private final Map<CompilationUnit, SourceFile> byUnit = new IdentityHashMap<>();
    private final Set<String> methodNames = new HashSet<>();

    /**
     * @param declared every file of the sources, with its package and top-level types (from the scan)
     * @param loader   parses a file on demand (null if it returns nothing, e.g. it does not parse); null when
     *                 every file is {@link #add added} up front
     */
    public ProjectIndex(List<Declared> declared, Function<Path, SourceFile> loader) {
        this.loader = loader;
        Map<String, List<Declared>> byName = new LinkedHashMap<>();
        for (Declared d : declared) {
            Path file = normalize(d.path());
            rootOfFile.put(file, rootOf(file, d.pkg()));
            for (String s : d.supers()) {
                namedAsSupertype.computeIfAbsent(s, k -> new ArrayList<>()).add(file);
            }
            for (String t : d.types()) {
                String fqn = d.pkg().isEmpty() ? t : d.pkg() + "." + t;
                byName.computeIfAbsent(fqn, k -> new ArrayList<>()).add(d);
                packages.computeIfAbsent(d.pkg(), k -> new HashSet<>()).add(t);
            }
        }
        byName.forEach((fqn, where) -> {
            if (where.size() == 1) {
                declaredIn.put(fqn, normalize(where.get(0).path()));
                return;
            }
            List<Path> paths = new ArrayList<>();
            where.forEach(d -> paths.add(normalize(d.path())));
            paths.sort(Comparator.comparing(Path::toString));
            Map<Path, String> keys = new LinkedHashMap<>();
            for (int i = 0; i < paths.size(); i++) {
                String key = fqn + "#" + (i + 1);
                keys.put(paths.get(i), key);
                declaredIn.put(key, paths.get(i));
            }
            duplicates.put(fqn, keys);
        });
    }

    /** An index of files parsed up front: nothing is loaded later. */
    public static ProjectIndex of(List<SourceFile> sources) {
        List<Declared> declared = new ArrayList<>();
        for (SourceFile f : sources) {
            String pkg = f.unit().getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
            List<String> types = new ArrayList<>();
            f.unit().getTypes().forEach(t -> types.add(t.getNameAsString()));
            declared.add(new Declared(f.path(), pkg, types, Set.of()));
        }
        ProjectIndex index = new ProjectIndex(declared, null);
        sources.forEach(index::add);
        return index;
    }

    /**
     * The source root of a file: its directory less the directories of its package ({@code src/main/java} for
     * {@code src/main/java/com/x/A.java} in package {@code com.x}); the file's own directory when the layout does
     * not follow the package.
     */
    public static Path rootOf(Path file, String pkg) {
        Path dir = normalize(file).getParent();
        if (dir == null || pkg.isEmpty()) {
            return dir;
        }
        Path root = dir;
        String[] parts = pkg.split("\\.");
        for (int i = parts.length - 1; i >= 0; i--) {
            if (root == null || root.getFileName() == null || !root.getFileName().toString().equals(parts[i])) {
                return dir;
            }
            root = root.getParent();
        }
        return root;
    }

    private static Path normalize(Path p) {
        return p.toAbsolutePath().normalize();
    }

    /** Adds a parsed file and its types. */
    public synchronized void add(SourceFile f) {
        Path path = normalize(f.path());
        if (!loaded.add(path)) {
            return;
        }
        files.add(f);
        byUnit.put(f.unit(), f);
        CompilationUnit cu = f.unit();
        String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        rootOfFile.computeIfAbsent(path, p -> rootOf(p, pkg));
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
        String key;
        if (outer != null) {
            key = outer.key() + "." + t.getNameAsString();
        } else {
            String fqn = pkg.isEmpty() ? t.getNameAsString() : pkg + "." + t.getNameAsString();
            Map<Path, String> keys = duplicates.get(fqn);
            key = keys == null ? fqn : keys.getOrDefault(normalize(f.path()), fqn);
        }
        TypeInfo info = new TypeInfo(key, t, f, outer);
        byDecl.put(t, info);
        byKey.putIfAbsent(key, info);
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

    /** The parsed file of a syntax tree, or null. */
    public synchronized SourceFile file(CompilationUnit unit) {
        return byUnit.get(unit);
    }

    /** The project type with this key, or null; parses its file first if need be. */
    public synchronized TypeInfo type(String key) {
        if (key == null) {
            return null;
        }
        TypeInfo t = byKey.get(key);
        if (t != null) {
            return t;
        }
        if (duplicates.containsKey(key)) {
            // A name declared in several roots, asked for without a context: the first declaration.
            return type(duplicates.get(key).values().iterator().next());
        }
        if (loader == null) {
            return null;
        }
        // The file of the top-level type that the key names, or that the named nested type is in.
        for (String prefix = key; ; prefix = prefix.substring(0, prefix.lastIndexOf('.'))) {
            Path file = declaredIn.get(prefix);
            if (file != null) {
                if (!loaded.contains(file)) {
                    SourceFile f = loader.apply(file);
                    if (f != null) {
                        add(f);
                    } else {
                        loaded.add(file);
                    }
                }
                return byKey.get(key);
            }
            if (prefix.lastIndexOf('.') < 0) {
                return null;
            }
        }
    }

    /**
     * The key that the dotted name {@code fqn} has when written in the file of {@code context}: the name itself,
     * unless the sources declare it (or the top-level type it is nested in) in several roots; then the key of
     * the declaration in the context's root, or of the first one if that root has none.
     */
    public synchronized String keyFor(String fqn, Node context) {
        if (duplicates.isEmpty() || fqn == null) {
            return fqn;
        }
        for (int dot = fqn.length(); dot > 0; dot = fqn.lastIndexOf('.', dot - 1)) {
            Map<Path, String> keys = duplicates.get(fqn.substring(0, dot));
            if (keys != null) {
                Path root = rootOf(context);
                String key = keys.values().iterator().next();
                for (Map.Entry<Path, String> e : keys.entrySet()) {
                    if (root != null && root.equals(rootOfFile.get(e.getKey()))) {
                        key = e.getValue();
                        break;
                    }
                }
                return key + fqn.substring(dot);
            }
            if (dot == 0) {
                break;
            }
        }
        return fqn;
    }

    /** The dotted name a key stands for: the key without its {@code #n} (for messages and the APIs' names). */
    public static String nameOf(String key) {
        if (key == null) {
            return null;
        }
        int hash = key.indexOf('#');
        if (hash < 0) {
            return key;
        }
        int dot = key.indexOf('.', hash);
        return key.substring(0, hash) + (dot < 0 ? "" : key.substring(dot));
    }

    private Path rootOf(Node context) {
        CompilationUnit cu = context.findCompilationUnit().orElse(null);
        if (cu == null || cu.getStorage().isEmpty()) {
            return null;
        }
        return rootOfFile.get(normalize(cu.getStorage().get().getPath()));
    }

    /**
     * Whether the sources may declare a type of this key: it, or the top-level type it would be nested in, is
     * declared. Parses nothing (a nested name is not checked), so it is cheap enough to ask about every import.
     */
    synchronized boolean mayDeclare(String key) {
        for (String prefix = key; ; prefix = prefix.substring(0, prefix.lastIndexOf('.'))) {
            if (byKey.containsKey(prefix) || declaredIn.containsKey(prefix) || duplicates.containsKey(prefix)) {
                return true;
            }
            if (prefix.lastIndexOf('.') < 0) {
                return false;
            }
        }
    }

    /** Whether the sources declare a type of this key (without parsing anything for a top-level one). */
    synchronized boolean declares(String key) {
        if (byKey.containsKey(key) || declaredIn.containsKey(key) || duplicates.containsKey(key)) {
            return true;
        }
        int dot = key.lastIndexOf('.');
        return dot > 0 && (declaredIn.containsKey(key.substring(0, dot)) || duplicates.containsKey(key.substring(0, dot)))
                && type(key) != null;
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

    /** The simple names of the top-level types the sources declare in a package. */
    synchronized Set<String> topLevelNames(String pkg) {
        return Set.copyOf(packages.getOrDefault(pkg, Set.of()));
    }

    /** The source roots of the files (see {@link #rootOf(Path, String)}). */
    public synchronized Set<Path> sourceRoots() {
        Set<Path> roots = new java.util.LinkedHashSet<>();
        for (Path r : rootOfFile.values()) {
            if (r != null) {
                roots.add(r);
            }
        }
        return roots;
    }

    /** Every package of the sources. */
    synchronized Set<String> packageNames() {
        return Set.copyOf(packages.keySet());
    }

    /**
     * Whether some project type may declare a method with this name: a cheap filter before resolving a call.
     * While files are still parsed on demand it cannot know, and says yes.
     */
    public synchronized boolean declaresMethodNamed(String name) {
        return loader != null || methodNames.contains(name);
    }

    /**
     * Parses the files whose classes name a type of this simple name as their supertype (from the scan), so
     * that {@link #types()} holds every subtype of it that the sources declare.
     */
    public void loadSubtypesNamed(String simpleName) {
        List<Path> candidates;
        synchronized (this) {
            if (loader == null) {
                return;
            }
            candidates = List.copyOf(namedAsSupertype.getOrDefault(simpleName, List.of()));
        }
        for (Path file : candidates) {
            synchronized (this) {
                if (loaded.contains(file)) {
                    continue;
                }
            }
            SourceFile f = loader.apply(file);
            synchronized (this) {
                if (f != null) {
                    add(f);
                } else {
                    loaded.add(file);
                }
            }
        }
    }

    /** Project types (among those parsed) that name {@code key} as a direct supertype. */
    public List<TypeInfo> directSubtypes(String key, TypeNames names) {
        List<TypeInfo> result = new ArrayList<>();
        for (TypeInfo t : types()) {
            if (names.supertypes(t).contains(key)) {
                result.add(t);
            }
        }
        return result;
    }
}
