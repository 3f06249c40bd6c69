package dev.weft.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How receivers and call targets are resolved, seen through what gets reported: Java 25 syntax and module
 * imports, {@code var}, implicit lambda parameters (the symbol solver's part), overloads, and calls that are
 * not followed.
 */
class ResolutionTest {
    @TempDir
    Path dir;

    private List<String> findings(String file, String source) throws IOException {
        Files.writeString(dir.resolve(file), source);
        Report r = new Detector(EnumSet.allOf(Bottleneck.class), false).analyse(List.of(dir));
        assertEquals(List.of(), r.problems());
        return r.findings().stream().map(f -> f.line() + " " + f.bottleneck()).toList();
    }

    @Test
    void moduleImportsAndJava25Syntax() throws IOException {
        assertEquals(List.of("9 B6", "13 B5"), findings("Modern.java", """
                import module java.base;

                sealed interface Shape permits Modern.Square {}

                class Modern extends RecursiveAction {
                    record Square(int side) implements Shape {}
                    @Override protected void compute() {
                        try {
                            Thread.sleep(switch (new Square(2)) { case Square(int s) when s > 1 -> s; default -> 0; });
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                        new ReentrantLock().lock();
                    }
                }
                """));
    }

    @Test
    void varAndImplicitLambdaParametersAreTyped() throws IOException {
        assertEquals(List.of("10 B5", "11 B5", "12 B1"), findings("Typed.java", """
                import java.util.List;
                import java.util.concurrent.*;
                import java.util.concurrent.locks.*;

                class Typed extends RecursiveTask<Integer> {
                    final List<ReentrantLock> locks = List.of(new ReentrantLock());
                    @Override protected Integer compute() {
                        try {
                            var queue = new LinkedBlockingQueue<Integer>();
                            locks.forEach(l -> l.lock());
                            queue.offer(1); queue.take();
                            var pool = ForkJoinPool.commonPool(); pool.submit(() -> 1);
                            return 0;
                        } catch (InterruptedException e) {
                            return 1;
                        }
                    }
                }
                """));
    }

    @Test
    void overloadsAreMatchedByArgumentTypes() throws IOException {
        assertEquals(List.of("13 B6"), findings("Overloads.java", """
                import java.util.concurrent.RecursiveAction;

                class Overloads extends RecursiveAction {
                    @Override protected void compute() {
                        log(42L);
                        log(3);
                    }
                    static void log(String s) {
                        synchronized (Overloads.class) { System.out.println(s); }
                    }
                    static void log(long n) {
                        try {
                            Thread.sleep(n);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }
                """));
    }

    @Test
    void exceptionPathsAndInterfaceCallsAreNotFollowed() throws IOException {
        assertEquals(List.of(), findings("Paths.java", """
                import java.util.concurrent.RecursiveAction;

                class Paths extends RecursiveAction {
                    interface Sink { void accept(int x); }
                    static final class Locked implements Sink {
                        public synchronized void accept(int x) { }
                    }
                    final Sink sink = new Locked();
                    @Override protected void compute() {
                        sink.accept(1);
                        if (sink == null) {
                            throw new IllegalStateException(describe());
                        }
                    }
                    static synchronized String describe() { return "no sink"; }
                }
                """));
    }
}
