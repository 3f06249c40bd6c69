package dev.weft.detect.analysis;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.nodeTypes.NodeWithTypeParameters;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.PrimitiveType;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.ast.type.TypeParameter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Type names as the source writes them: what a (possibly qualified) name denotes at a point of the code
 * (imports, module imports, same-package and java.lang types, nested and inherited member types, type
 * parameters), the supertypes of the analysed types, and subtyping across the analysed sources, the JDK (by
 * reflection) and Weft's public API.
 */
public final class TypeNames {
    private static final String NONE = "";

    private final ProjectIndex index;
    private final JdkTypes jdk;
    /** Resolved simple names, per enclosing type or file (by identity: nodes hash their whole subtree). */
    private final Map<Node, Map<String, String>> typeNames = Collections.synchronizedMap(new IdentityHashMap<>());
    private final Map<String, Boolean> subtypes = new ConcurrentHashMap<>();
    private final ThreadLocal<Set<TypeInfo>> resolvingSupertypes = ThreadLocal.withInitial(HashSet::new);
    private volatile Set<String> vendoredForkJoin;

    TypeNames(ProjectIndex index, JdkTypes jdk) {
        this.index = index;
        this.jdk = jdk;
    }

    /** Whether a type of this dotted name exists in the sources, the JDK, or Weft's public API. */
    public boolean typeExists(String fqn) {
        return index.declares(fqn) || jdk.load(fqn).isPresent() || Api.EXTERNAL_SUPERTYPES.containsKey(fqn);
    }

    /** Whether the platform (the running JDK) has a type of this name: the sources may be the JDK's own. */
    public boolean isPlatformType(String key) {
        return jdk.load(canonical(key)).isPresent();
    }

    /** Whether the platform has a final class of this name (String, Integer...): it has no subtypes. */
    boolean isFinalPlatformType(String key) {
        return !index.declares(key) && jdk.load(canonical(key))
                .map(c -> java.lang.reflect.Modifier.isFinal(c.getModifiers())).orElse(false);
    }

    /** Whether a type that the sources do not declare is an interface of the platform. */
    boolean isPlatformInterface(String key) {
        return jdk.load(canonical(key)).map(Class::isInterface).orElse(false);
    }

    /** Whether the analysed sources declare a type of this key. */
    boolean typeExistsInSources(String key) {
        return index.declares(key);
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
        String denoted = denote(name, context);
        return typeExists(denoted) ? denoted : null;
    }

    /**
     * What a dotted type name found in the file of {@code context} (an import, a qualified name) denotes there:
     * the key of the declaration in the sources ({@link ProjectIndex#keyFor}), or, for a copy of the fork/join
     * framework that the sources do not hold ({@code jsr166y.RecursiveTask}), the java.util.concurrent type it is a
     * copy of, so that reflection answers about it; otherwise the name itself.
     */
    private String denote(String fqn, Node context) {
        String key = index.keyFor(fqn, context);
        if (index.mayDeclare(key)) {
            return key;
        }
        String copied = forkJoinOriginal(fqn);
        return copied != null ? copied : fqn;
    }

    /**
     * The java.util.concurrent type that {@code fqn} is a copy of ({@code jsr166y.ForkJoinPool.ManagedBlocker} is
     * {@code java.util.concurrent.ForkJoinPool.ManagedBlocker}), or null if it is none.
     */
    public String forkJoinOriginal(String fqn) {
        for (int dot = fqn.indexOf('.'); dot > 0; dot = fqn.indexOf('.', dot + 1)) {
            String pkg = fqn.substring(0, dot);
            int end = fqn.indexOf('.', dot + 1);
            String simple = end < 0 ? fqn.substring(dot + 1) : fqn.substring(dot + 1, end);
            String original = Api.FORK_JOIN_COPIES.get(simple);
            if (original != null && isForkJoinCopy(pkg)) {
                return end < 0 ? original : original + fqn.substring(end);
            }
        }
        return null;
    }

    private boolean isForkJoinCopy(String pkg) {
        if (pkg.equals("java.util.concurrent") || pkg.startsWith("java.")) {
            return false;
        }
        if (Api.isForkJoinCopyPackage(pkg)) {
            return true;
        }
        Set<String> vendored = vendoredForkJoin;
        if (vendored == null) {
            // A package of the sources that declares ForkJoinTask next to its pool or task classes is a copy of the
            // framework, whatever its name (projects vendored jsr166y under their own packages before Java 7).
            Set<String> found = new HashSet<>();
            for (String p : index.packageNames()) {
                Set<String> types = index.topLevelNames(p);
                if (!p.startsWith("java.") && types.contains("ForkJoinTask") && (types.contains("ForkJoinPool")
                        || types.contains("RecursiveTask") || types.contains("RecursiveAction"))) {
                    found.add(p);
                }
            }
            vendored = Set.copyOf(found);
            vendoredForkJoin = vendored;
        }
        return vendored.contains(pkg);
    }

    /**
     * The name that subtyping and the APIs' tables know a type by: the java.util.concurrent original of a copy of
     * the fork/join framework (declared in the sources or not), else the dotted name of the key.
     */
    public String canonical(String key) {
        if (key == null) {
            return null;
        }
        String name = ProjectIndex.nameOf(key);
        String original = forkJoinOriginal(name);
        return original != null ? original : name;
    }

    /** Whether a type is one of the runtimes' own (a copy of the fork/join framework included), or nested in one. */
    public boolean isFramework(String key) {
        return Api.isFramework(canonical(key));
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
    String memberType(String owner, String name) {
        HierarchyWalk walk = new HierarchyWalk(owner);
        for (String t = walk.next(); t != null; t = walk.next()) {
            if (jdk.load(t + "." + name).isPresent()) {
                // A member of a platform type: no need to parse its source (the sources may be the JDK's own).
                return t + "." + name;
            }
            TypeInfo info = index.type(t);
            if (info != null) {
                TypeInfo m = info.memberType(name);
                if (m != null) {
                    return m.key();
                }
                if (!resolvingSupertypes.get().contains(info)) {
                    walk.follow(supertypes(info));
                }
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
            String found = lookupSimpleName(name, key, true);
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

    /**
     * What a simple type name means at {@code context} as the compiler would see it: like
     * {@link #resolveTypeName}, but without taking an unimported {@code ForkJoinTask} for java.util.concurrent's
     * (the lenience that lets the analysis read code whose imports do not resolve). Null if it means nothing there:
     * a rewrite that writes the name must import it first.
     */
    public String visibleType(String simpleName, Node context) {
        for (Node n = context; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof NodeWithTypeParameters<?> generic) {
                for (TypeParameter p : generic.getTypeParameters()) {
                    if (p.getNameAsString().equals(simpleName)) {
                        return p.getNameAsString();
                    }
                }
            }
        }
        Node key = enclosingTypeNode(context);
        return key == null ? null : lookupSimpleName(simpleName, key, false);
    }

    private String lookupSimpleName(String name, Node typeOrUnit, boolean lenient) {
        for (Node n = typeOrUnit; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof TypeDeclaration<?> t) {
                TypeInfo info = index.info(t);
                if (info == null) {
                    continue;
                }
                if (info.simpleName().equals(name)) {
                    return info.key();
                }
                String member = memberType(info.key(), name);
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
                return denote(imp.getNameAsString(), typeOrUnit);
            }
        }
        String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        if (index.hasTopLevel(pkg, name)) {
            return denote(pkg.isEmpty() ? name : pkg + "." + name, typeOrUnit);
        }
        for (ImportDeclaration imp : cu.getImports()) {
            if (imp.isAsterisk() && !imp.isStatic() && !imp.isModule()) {
                String candidate = denote(imp.getNameAsString() + "." + name, typeOrUnit);
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
        return lenient ? Api.WELL_KNOWN.get(name) : null;
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
                if (fqn != null && !fqn.equals(t.key())) {
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
        String originalTarget = forkJoinOriginal(ProjectIndex.nameOf(target));
        String goal = originalTarget != null ? originalTarget : target;
        return subtypes.computeIfAbsent(type + "<:" + goal, k -> computeSubtype(type, goal, new HashSet<>()));
    }

    private boolean computeSubtype(String type, String target, Set<String> seen) {
        if (type.equals(target)) {
            return true;
        }
        if (!seen.add(type)) {
            return false;
        }
        // A copy of the fork/join framework, vendored into the sources or not, is the original as far as types go.
        String original = forkJoinOriginal(ProjectIndex.nameOf(type));
        if (original != null) {
            return computeSubtype(original, target, seen);
        }
        // A type the platform has (the sources may be the JDK's own): reflection answers without parsing its file,
        // and a platform class is no subtype of a class outside the platform.
        if (jdk.load(type).isPresent()) {
            return jdk.load(target).isPresent() && jdk.isSubtype(type, target);
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

    /** Types whose static member {@code name} is imported into the file of {@code at}. */
    public List<String> staticImportOwners(Node at, String name) {
        List<String> owners = new ArrayList<>();
        at.findCompilationUnit().ifPresent(cu -> {
            for (ImportDeclaration imp : cu.getImports()) {
                if (!imp.isStatic()) {
                    continue;
                }
                if (imp.isAsterisk()) {
                    owners.add(denote(imp.getNameAsString(), cu));
                } else if (imp.getName().getIdentifier().equals(name)) {
                    imp.getName().getQualifier().ifPresent(q -> owners.add(denote(q.asString(), cu)));
                }
            }
        });
        return owners;
    }
}
