package dev.weft.detect;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Compiles sources with javac in-process into memory and loads the classes. */
final class InMemoryCompiler {
    /** The outcome: a loader for the classes, or the errors. */
    record Result(ClassLoader loader, List<String> errors) {
        boolean ok() {
            return errors.isEmpty();
        }
    }

    private InMemoryCompiler() {
    }

    /**
     * Where the real Weft API ({@code weft-core}, a test dependency) is: the corpus and the examples compile and
     * run against it, so a signature that changes there breaks them here.
     */
    static Path weftCore() {
        try {
            return Path.of(Class.forName("dev.weft.Weft").getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (ReflectiveOperationException | java.net.URISyntaxException e) {
            throw new IllegalStateException("weft-core is not on the test class path", e);
        }
    }

    static Map<String, String> sourcesUnder(Path dir) {
        Map<String, String> sources = new HashMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(f -> f.toString().endsWith(".java")).toList()) {
                sources.put(dir.relativize(p).toString(), Files.readString(p));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sources;
    }

    /** Compiles {@code sources} (path-like name to text) at release 21, against the JDK and weft-core. */
    static Result compile(Map<String, String> sources) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<String, ByteArrayOutputStream> classes = new HashMap<>();
        StandardJavaFileManager standard = javac.getStandardFileManager(diagnostics, null, null);
        var manager = new ForwardingJavaFileManager<>(standard) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                       FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        ByteArrayOutputStream out = new ByteArrayOutputStream();
                        classes.put(className, out);
                        return out;
                    }
                };
            }
        };
        List<JavaFileObject> units = new ArrayList<>();
        sources.forEach((name, text) -> units.add(new SimpleJavaFileObject(URI.create("string:///" + name),
                JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return text;
            }
        }));
        boolean ok = javac.getTask(null, manager, diagnostics, List.of("--release", "21", "-proc:none", "-nowarn",
                        "-classpath", weftCore().toString()),
                null, units).call();
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                errors.add(d.getSource().getName() + ":" + d.getLineNumber() + ": " + d.getMessage(null));
            }
        }
        if (!ok && errors.isEmpty()) {
            errors.add("javac failed");
        }
        ClassLoader loader = new ClassLoader(InMemoryCompiler.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                ByteArrayOutputStream b = classes.get(name);
                if (b == null) {
                    throw new ClassNotFoundException(name);
                }
                byte[] bytes = b.toByteArray();
                return defineClass(name, bytes, 0, bytes.length);
            }
        };
        return new Result(loader, errors);
    }
}
