package dev.weft.atomic.weaver;

import dev.weft.atomic.processor.AtomicSetsProcessor;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * Compiles small programs in-process (javax.tools) with or without the annotation processor, weaves them,
 * and loads them in a fresh class loader whose parent sees weft-core and weft-atomic.
 */
final class Fixtures {
    private Fixtures() {
    }

    /** The outcome of a compilation: its diagnostics and where the classes went. */
    record Compiled(Path dir, List<Diagnostic<? extends JavaFileObject>> diagnostics, boolean success) {
        List<String> errors() {
            List<String> out = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    out.add((d.getSource() == null ? "" : simpleName(d.getSource()) + ":" + d.getLineNumber() + ": ")
                            + d.getMessage(Locale.ROOT));
                }
            }
            return out;
        }

        String errorText() {
            return String.join("\n", errors());
        }

        private static String simpleName(JavaFileObject f) {
            String n = f.getName();
            return n.substring(n.lastIndexOf('/') + 1);
        }
    }

    static Compiled compile(Path dir, boolean processor, Map<String, String> sources, Path... extraClasspath) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
        Files.createDirectories(dir);
        try (StandardJavaFileManager fm = javac.getStandardFileManager(diags, Locale.ROOT, null)) {
            fm.setLocation(StandardLocation.CLASS_OUTPUT, List.of(dir.toFile()));
            List<File> cp = new ArrayList<>();
            for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
                cp.add(new File(e));
            }
            for (Path p : extraClasspath) {
                cp.add(p.toFile());
            }
            fm.setLocation(StandardLocation.CLASS_PATH, cp);
            List<JavaFileObject> units = new ArrayList<>();
            for (Map.Entry<String, String> e : sources.entrySet()) {
                units.add(new Source(e.getKey(), e.getValue()));
            }
            List<String> options = new ArrayList<>(List.of("--release", "21", "-g", "-Xlint:-options"));
            if (!processor) {
                options.add("-proc:none");
            }
            JavaCompiler.CompilationTask task = javac.getTask(new StringWriter(), fm, diags, options, null, units);
            if (processor) {
                task.setProcessors(List.of(new AtomicSetsProcessor()));
            }
            boolean ok = task.call();
            return new Compiled(dir, diags.getDiagnostics(), ok);
        }
    }

    /** Compiles with the processor; fails the test on a compile error. */
    static Path compileOk(Path dir, Map<String, String> sources, Path... extraClasspath) throws IOException {
        Compiled c = compile(dir, true, sources, extraClasspath);
        if (!c.success()) {
            throw new AssertionError("compilation failed:\n" + c.errorText());
        }
        return dir;
    }

    static Weaver.Report weave(Path dir, Path... classpath) throws IOException, WeaveException {
        return new Weaver(List.of(classpath)).weave(dir);
    }

    /** Compiles with the processor, weaves, and loads. */
    static ClassLoader build(Path dir, Map<String, String> sources) throws Exception {
        compileOk(dir, sources);
        weave(dir);
        return loader(dir);
    }

    static ClassLoader loader(Path... dirs) throws IOException {
        URL[] urls = new URL[dirs.length];
        for (int i = 0; i < dirs.length; i++) {
            urls[i] = dirs[i].toUri().toURL();
        }
        return new URLClassLoader(urls, Fixtures.class.getClassLoader());
    }

    /** Calls a public static method of a fixture class by name (the fixture's own driver). */
    static Object call(ClassLoader l, String cls, String method, Object... args) throws Throwable {
        Class<?> c = Class.forName(cls, true, l);
        for (Method m : c.getDeclaredMethods()) {
            if (m.getName().equals(method) && m.getParameterCount() == args.length) {
                m.setAccessible(true);
                try {
                    return m.invoke(null, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            }
        }
        throw new NoSuchMethodException(cls + "." + method);
    }

    private static final class Source extends SimpleJavaFileObject {
        private final String code;

        Source(String className, String code) {
            super(java.net.URI.create("string:///" + className.replace('.', '/') + Kind.SOURCE.extension), Kind.SOURCE);
            this.code = code;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return code;
        }
    }
}
