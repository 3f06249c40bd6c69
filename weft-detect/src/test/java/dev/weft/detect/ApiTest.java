package dev.weft.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.detect.analysis.Api;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The detector knows Weft's API by name ({@link Api}), because it reads Weft code as source without Weft on its
 * class path. These tests hold those tables against the real {@code dev.weft} classes of weft-core, so that an
 * API change there fails here instead of silently blinding the detector.
 */
class ApiTest {

    @Test
    void everyStaticMethodOfWeftIsSortedIntoTaskBodiesOrOthers() throws Exception {
        Set<String> statics = new TreeSet<>();
        for (Method m : Class.forName(Api.WEFT).getMethods()) {
            if (Modifier.isStatic(m.getModifiers())) {
                statics.add(m.getName());
            }
        }
        Set<String> sorted = new TreeSet<>(Api.WEFT_TASK_BODY_METHODS);
        sorted.addAll(Api.WEFT_OTHER_METHODS);
        assertEquals(statics, sorted);
        assertTrue(Collections.disjoint(Api.WEFT_TASK_BODY_METHODS, Api.WEFT_OTHER_METHODS));
        assertTrue(Api.WEFT_TASK_BODY_METHODS.containsAll(Api.WEFT_FORKING_METHODS));
    }

    /** Every overload of a task-body method takes code (a functional interface); a forking one takes two, or is async. */
    @Test
    void taskBodyMethodsTakeCode() throws Exception {
        for (Method m : Class.forName(Api.WEFT).getMethods()) {
            if (!Api.WEFT_TASK_BODY_METHODS.contains(m.getName())) {
                continue;
            }
            long code = Stream.of(m.getParameterTypes()).filter(ApiTest::isFunctional).count();
            assertTrue(code >= 1, m.toString());
            if (Api.WEFT_FORKING_METHODS.contains(m.getName()) && !m.getName().equals("async")) {
                assertTrue(code >= 2, m + " forks its first argument and runs one more: it takes two pieces of code");
            }
        }
    }

    @Test
    void poolTaskMethodsAreWeftPoolsMethodsThatTakeOneTask() throws Exception {
        Set<String> takingOneTask = new TreeSet<>();
        for (Method m : Class.forName(Api.WEFT_POOL).getMethods()) {
            if (!Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 1
                    && (isFunctional(m.getParameterTypes()[0]) || m.getParameterTypes()[0] == Class.forName(Api.WEFT_TASK))) {
                takingOneTask.add(m.getName());
            }
        }
        assertEquals(new TreeSet<>(Api.POOL_TASK_METHODS), takingOneTask);
    }

    @Test
    void externalSupertypesAreThoseOfEveryPublicWeftType() throws Exception {
        Map<String, Set<String>> real = new TreeMap<>();
        for (Class<?> c : publicWeftTypes()) {
            real.put(c.getCanonicalName(), directPublicSupertypes(c));
        }
        assertEquals(real, new TreeMap<>(Api.EXTERNAL_SUPERTYPES));
    }

    @Test
    void externalReturnTypesAreTheRealOnes() throws Exception {
        for (Map.Entry<String, String> e : Api.EXTERNAL_RETURN_TYPES.entrySet()) {
            int dot = e.getKey().lastIndexOf('.');
            Class<?> owner = Class.forName(e.getKey().substring(0, dot));
            String name = e.getKey().substring(dot + 1);
            List<String> returns = new ArrayList<>();
            for (Method m : owner.getMethods()) {
                if (m.getName().equals(name)) {
                    returns.add(m.getReturnType().getCanonicalName());
                }
            }
            assertTrue(!returns.isEmpty(), e.getKey() + " does not exist");
            assertEquals(Set.of(e.getValue()), new HashSet<>(returns), e.getKey());
        }
    }

    @Test
    void frameworkTypesOfWeftExist() throws Exception {
        for (String t : Api.FRAMEWORK_TYPES) {
            assertEquals(t, Class.forName(t).getName());
        }
    }

    private static boolean isFunctional(Class<?> c) {
        if (c == Runnable.class || c == Callable.class || c == Supplier.class) {
            return true;
        }
        if (!c.isInterface()) {
            return false;
        }
        long abstractMethods = Stream.of(c.getMethods()).filter(m -> Modifier.isAbstract(m.getModifiers())).count();
        return abstractMethods == 1;
    }

    /** The superclass (skipping package-private ones, and Object) and the interfaces, as the detector names them. */
    private static Set<String> directPublicSupertypes(Class<?> c) {
        Set<String> result = new LinkedHashSet<>();
        Class<?> s = c.getSuperclass();
        while (s != null && !Modifier.isPublic(s.getModifiers())) {
            for (Class<?> i : s.getInterfaces()) {
                result.add(i.getCanonicalName());
            }
            s = s.getSuperclass();
        }
        if (s != null && s != Object.class) {
            result.add(s.getCanonicalName());
        }
        for (Class<?> i : c.getInterfaces()) {
            result.add(i.getCanonicalName());
        }
        return result;
    }

    /** The public classes and interfaces of package dev.weft, nested ones included, read from weft-core's output. */
    private static List<Class<?>> publicWeftTypes() throws IOException, ClassNotFoundException {
        Path root = InMemoryCompiler.weftCore();
        List<String> names = new ArrayList<>();
        if (Files.isDirectory(root)) {
            names.addAll(classNames(root.resolve("dev/weft")));
        } else {
            try (FileSystem jar = FileSystems.newFileSystem(URI.create("jar:" + root.toUri()), Map.of())) {
                names.addAll(classNames(jar.getPath("dev/weft")));
            }
        }
        List<Class<?>> result = new ArrayList<>();
        for (String n : names) {
            Class<?> c = Class.forName("dev.weft." + n);
            boolean visible = true;
            for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
                visible &= Modifier.isPublic(k.getModifiers());
            }
            if (visible && !c.isAnonymousClass() && !c.isLocalClass()) {
                result.add(c);
            }
        }
        return result;
    }

    private static List<String> classNames(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".class"))
                    .map(f -> f.substring(0, f.length() - ".class".length())).sorted().toList();
        }
    }
}
