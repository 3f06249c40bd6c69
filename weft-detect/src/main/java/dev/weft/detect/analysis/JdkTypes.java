package dev.weft.detect.analysis;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleReader;
import java.lang.module.ResolvedModule;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * What the running JDK knows about its own types, by reflection: whether a class exists, its supertypes,
 * its fields' and methods' types. Only the platform class loader is asked, so the detector's own
 * dependencies never masquerade as the analysed code's types.
 *
 * <p>This is the cheap half of type resolution: most receivers the rules care about are declared with a
 * JDK type ({@code ForkJoinPool pool}, {@code Lock lock}), and reflection answers for those in
 * microseconds, without parsing any JDK source.
 */
final class JdkTypes {
    private static final ClassLoader LOADER = ClassLoader.getPlatformClassLoader();
    private final Map<String, Optional<Class<?>>> classes = new ConcurrentHashMap<>();
    private final Map<String, Map<String, String>> moduleTypes = new ConcurrentHashMap<>();

    /** The class named {@code fqn} (dots throughout, nested classes too), if the JDK has it. */
    Optional<Class<?>> load(String fqn) {
        if (fqn == null) {
            return Optional.empty();
        }
        return classes.computeIfAbsent(fqn, JdkTypes::find);
    }

    private static Optional<Class<?>> find(String fqn) {
        if (!fqn.startsWith("java") && !fqn.startsWith("jdk.") && !fqn.startsWith("sun.")
                && !fqn.startsWith("com.sun.") && !fqn.startsWith("org.")) {
            return Optional.empty();
        }
        String name = fqn;
        while (true) {
            try {
                return Optional.of(Class.forName(name, false, LOADER));
            } catch (ClassNotFoundException | LinkageError e) {
                int dot = name.lastIndexOf('.');
                if (dot < 0) {
                    return Optional.empty();
                }
                // java.util.Map.Entry is java.util.Map$Entry: retry with the last dot as a nesting.
                name = name.substring(0, dot) + "$" + name.substring(dot + 1);
                if (name.indexOf('.') < 0) {
                    return Optional.empty();
                }
            }
        }
    }

    /** The dotted name of a class ({@code java.util.Map.Entry}), as the rest of the detector spells types. */
    static String nameOf(Class<?> c) {
        String canonical = c.getCanonicalName();
        return canonical != null ? canonical : c.getName().replace('$', '.');
    }

    /** Whether JDK class {@code sub} is {@code sup} or extends/implements it. */
    boolean isSubtype(String sub, String sup) {
        Optional<Class<?>> a = load(sub);
        Optional<Class<?>> b = load(sup);
        return a.isPresent() && b.isPresent() && b.get().isAssignableFrom(a.get());
    }

    /** Direct supertypes of a JDK class (superclass and interfaces), as dotted names. */
    List<String> supertypes(String fqn) {
        List<String> result = new ArrayList<>();
        load(fqn).ifPresent(c -> {
            if (c.getSuperclass() != null) {
                result.add(nameOf(c.getSuperclass()));
            }
            for (Class<?> i : c.getInterfaces()) {
                result.add(nameOf(i));
            }
        });
        return result;
    }

    /** The type of a field of a JDK class (inherited ones included), or null. */
    TypeRef fieldType(String owner, String name) {
        Optional<Class<?>> c = load(owner);
        if (c.isEmpty()) {
            return null;
        }
        for (Class<?> k = c.get(); k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (f.getName().equals(name) && !Modifier.isPrivate(f.getModifiers())) {
                    return TypeRef.of(f.getType());
                }
            }
        }
        for (Field f : c.get().getFields()) {
            if (f.getName().equals(name)) {
                return TypeRef.of(f.getType());
            }
        }
        return null;
    }

    /**
     * The return type of {@code owner.name(...)} with {@code arity} arguments, when every such overload agrees
     * and it is not a type variable; else null.
     */
    TypeRef returnType(String owner, String name, int arity) {
        Optional<Class<?>> c = load(owner);
        if (c.isEmpty()) {
            return null;
        }
        TypeRef found = null;
        for (Method m : methods(c.get(), name)) {
            int n = m.getParameterCount();
            if (n != arity && !(m.isVarArgs() && arity >= n - 1)) {
                continue;
            }
            if (m.getGenericReturnType() instanceof java.lang.reflect.TypeVariable<?>) {
                return null;
            }
            TypeRef t = TypeRef.of(m.getReturnType());
            if (found != null && !found.equals(t)) {
                return null;
            }
            found = t;
        }
        return found;
    }

    /**
     * Whether every method of a JDK class with this name and arity is declared {@code synchronized} (a hidden
     * lock: {@code Vector.add}, {@code StringBuffer.append}, {@code BufferedImage.setRGB}); false if there is none.
     */
    boolean isSynchronized(String owner, String name, int arity) {
        Optional<Class<?>> c = load(owner);
        if (c.isEmpty()) {
            return false;
        }
        boolean any = false;
        for (Method m : methods(c.get(), name)) {
            // Bridges (StringBuffer's covariant append) carry no modifier of their own.
            if (!m.isBridge() && (m.getParameterCount() == arity || (m.isVarArgs() && arity >= m.getParameterCount() - 1))) {
                if (!Modifier.isSynchronized(m.getModifiers())) {
                    return false;
                }
                any = true;
            }
        }
        return any;
    }

    /** Whether a JDK class declares or inherits a method with this name and arity. */
    boolean hasMethod(String owner, String name, int arity) {
        Optional<Class<?>> c = load(owner);
        return c.isPresent() && methods(c.get(), name).stream().anyMatch(m -> m.getParameterCount() == arity
                || (m.isVarArgs() && arity >= m.getParameterCount() - 1));
    }

    private static List<Method> methods(Class<?> c, String name) {
        List<Method> result = new ArrayList<>();
        for (Method m : c.getMethods()) {
            if (m.getName().equals(name)) {
                result.add(m);
            }
        }
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Method m : k.getDeclaredMethods()) {
                if (m.getName().equals(name) && Modifier.isProtected(m.getModifiers())) {
                    result.add(m);
                }
            }
        }
        return result;
    }

    /**
     * The public type with this simple name in a package exported by {@code module} (for
     * {@code import module java.base;}), or null when there is none or more than one.
     */
    String typeInModule(String module, String simpleName) {
        return moduleTypes.computeIfAbsent(module, JdkTypes::indexModule).get(simpleName);
    }

    private static Map<String, String> indexModule(String module) {
        Map<String, String> bySimpleName = new HashMap<>();
        Optional<ResolvedModule> resolved = ModuleLayer.boot().configuration().findModule(module);
        if (resolved.isEmpty()) {
            return bySimpleName;
        }
        ModuleDescriptor descriptor = resolved.get().reference().descriptor();
        var exported = descriptor.exports().stream().filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source).collect(java.util.stream.Collectors.toSet());
        for (ModuleDescriptor.Requires r : descriptor.requires()) {
            // "import module" also imports what the module requires transitively (java.se, for instance).
            if (r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE)) {
                indexModule(r.name()).forEach(bySimpleName::putIfAbsent);
            }
        }
        try (ModuleReader reader = resolved.get().reference().open(); Stream<String> names = reader.list()) {
            names.filter(n -> n.endsWith(".class") && !n.contains("$") && n.contains("/")).forEach(n -> {
                String pkg = n.substring(0, n.lastIndexOf('/')).replace('/', '.');
                if (exported.contains(pkg)) {
                    String simple = n.substring(n.lastIndexOf('/') + 1, n.length() - ".class".length());
                    String fqn = pkg + "." + simple;
                    // Two exported types with one simple name: ambiguous, so resolve neither.
                    bySimpleName.merge(simple, fqn, (a, b) -> a.equals(b) ? a : "");
                }
            });
        } catch (IOException e) {
            return bySimpleName;
        }
        bySimpleName.values().removeIf(String::isEmpty);
        return bySimpleName;
    }
}
