package dev.weft.atomic.weaver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./weft weave}: weaves a jar in place; refuses bad input with exit status 1, bad arguments with 2. */
class WeaveMainTest {
    @TempDir
    Path tmp;

    private static Path jar(Path classes, Path jar) throws Exception {
        try (OutputStream fo = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(fo);
             Stream<Path> files = Files.walk(classes)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                if (Files.isRegularFile(p)) {
                    out.putNextEntry(new JarEntry(classes.relativize(p).toString().replace('\\', '/')));
                    out.write(Files.readAllBytes(p));
                    out.closeEntry();
                }
            }
        }
        return jar;
    }

    private static int run(StringBuilder err, String... args) {
        PrintStream saved = System.err;
        PrintStream savedOut = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (PrintStream p = new PrintStream(buf, true)) {
            System.setErr(p);
            System.setOut(p);
            return WeaveMain.run(args);
        } finally {
            System.setErr(saved);
            System.setOut(savedOut);
            err.append(buf);
        }
    }

    @Test
    void weavesAJarInPlace() throws Throwable {
        Path classes = Fixtures.compileOk(tmp.resolve("classes"), Map.of("t.Counter", TranslationTest.SOURCE));
        Path jar = jar(classes, tmp.resolve("app.jar"));
        StringBuilder out = new StringBuilder();
        assertEquals(0, run(out, jar.toString()), out.toString());
        assertTrue(out.toString().contains("wove 4 of 5 classes"), out.toString());
        ClassLoader l = new java.net.URLClassLoader(new java.net.URL[] {jar.toUri().toURL()}, getClass().getClassLoader());
        Object c = Class.forName("t.Counter", true, l).getConstructor().newInstance();
        assertTrue(c instanceof dev.weft.atomic.runtime.AtomicObject);
        StringBuilder again = new StringBuilder();
        assertEquals(0, run(again, jar.toString()));
        assertTrue(again.toString().contains("wove 0 of 5 classes"), again.toString());
    }

    @Test
    void refusesMisuseAndBadArguments() throws Exception {
        Fixtures.Compiled c = Fixtures.compile(tmp.resolve("bad"), false, Map.of("p.T", """
                package p;
                @dev.weft.atomic.AtomicSet("a")
                class T { @dev.weft.atomic.Atomic int v; static int peek(T t) { return t.v; } }
                """));
        assertTrue(c.success(), c.errorText());
        byte[] before = Files.readAllBytes(tmp.resolve("bad/p/T.class"));
        StringBuilder err = new StringBuilder();
        assertEquals(1, run(err, tmp.resolve("bad").toString()));
        assertTrue(err.toString().contains("refused, nothing written") && err.toString().contains("p.T.peek(T.java:3)"), err.toString());
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(tmp.resolve("bad/p/T.class"))));
        assertEquals(2, run(new StringBuilder()));
        assertEquals(2, run(new StringBuilder(), "--nope", "x"));
        assertEquals(2, run(new StringBuilder(), tmp.resolve("missing").toString()));
    }
}
