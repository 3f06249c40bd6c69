package dev.weft.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.ModuleDescriptor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** weft-detect is a named module that exports only its API and runs from the module path. */
class ModuleTest {
    @TempDir
    Path dir;

    @Test
    void exportsOnlyTheApiPackage() {
        Module module = Detector.class.getModule();
        assertTrue(module.isNamed(), "the tests should run inside the module");
        ModuleDescriptor descriptor = module.getDescriptor();
        assertEquals("dev.weft.detect", descriptor.name());
        assertEquals(Set.of("dev.weft.detect"),
                descriptor.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()));
        assertTrue(descriptor.packages().containsAll(Set.of("dev.weft.detect.analysis", "dev.weft.detect.rules",
                "dev.weft.detect.fix", "dev.weft.detect.output")));
    }

    /**
     * Launches the command line in a fresh JVM from the module path ({@code java -p ... -m dev.weft.detect/...}) on
     * code only the symbol solver can type (an implicit lambda parameter), and on code whose hidden lock only
     * reflection over java.desktop shows: every module it needs at run time is required, Guava and all of Java SE
     * included ({@code --limit-modules} keeps the launch to what the module requires, as a jlink image would).
     */
    @Test
    void runsFromTheModulePathWithTheSymbolSolver() throws Exception {
        String modulePath = System.getProperty("jdk.module.path", "");
        assertTrue(modulePath.contains("javaparser-core"), modulePath);
        Files.writeString(dir.resolve("Typed.java"), """
                import java.util.List;
                import java.util.concurrent.RecursiveAction;
                import java.util.concurrent.locks.ReentrantLock;

                class Typed extends RecursiveAction {
                    final List<ReentrantLock> locks = List.of(new ReentrantLock());
                    @Override protected void compute() {
                        locks.forEach(l -> l.lock());
                    }
                }
                """);
        Files.writeString(dir.resolve("Media.java"), """
                import java.awt.MediaTracker;
                import java.util.concurrent.RecursiveAction;

                class Media extends RecursiveAction {
                    final MediaTracker tracker;
                    Media(MediaTracker tracker) { this.tracker = tracker; }
                    @Override protected void compute() {
                        if (tracker.isErrorAny()) {
                            throw new IllegalStateException("broken image");
                        }
                    }
                }
                """);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-p", modulePath, "--limit-modules", "dev.weft.detect", "-m",
                "dev.weft.detect/dev.weft.detect.DetectMain", dir.toString())
                .redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(1, p.waitFor(), text);
        assertTrue(text.contains("Typed.java:8:28: [B5 intra-task synchronization] l.lock() (Lock.lock)"), text);
        assertTrue(text.contains("Media.java:8:13: [B5 intra-task synchronization] tracker.isErrorAny() calls"
                + " MediaTracker.isErrorAny(), a synchronized method"), text);
    }
}
