package dev.weft.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        Path path = dir.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, source);
        Report r = new Detector(EnumSet.allOf(Bottleneck.class), false).analyse(List.of(dir));
        assertEquals(List.of(), r.problems());
        return r.findings().stream().map(f -> dir.relativize(f.file()) + ":" + f.line() + " " + f.bottleneck())
                .filter(s -> s.startsWith(file + ":")).map(s -> s.substring(file.length() + 1)).toList();
    }

    private Report analyse() throws IOException {
        Report r = new Detector(EnumSet.allOf(Bottleneck.class), false).analyse(List.of(dir));
        assertEquals(List.of(), r.problems());
        return r;
    }

    private void write(String file, String source) throws IOException {
        Path path = dir.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, source);
    }

    /** jsr166y, jsr166e and Scala's copy of fork/join are the same API as java.util.concurrent's. */
    @Test
    void olderPackagesOfForkJoinAreTheSameApi() throws IOException {
        for (String pkg : List.of("jsr166y", "jsr166e", "scala.concurrent.forkjoin", "org.elasticsearch.util.jsr166y")) {
            String name = "Old" + Math.abs(pkg.hashCode());
            assertEquals(List.of("11 B2", "12 B2", "13 B6"), findings(name + ".java", """
                    import %s.RecursiveAction;
                    import static %s.ForkJoinTask.invokeAll;

                    class %s extends RecursiveAction {
                        final int[] a;
                        %s(int[] a) { this.a = a; }
                        @Override protected void compute() {
                            if (a.length < 2) {
                                return;
                            }
                            invokeAll(new %s(java.util.Arrays.copyOf(a, a.length / 2)),
                                    new %s(java.util.Arrays.copyOfRange(a, a.length / 2, a.length)));
                            try { Thread.sleep(1); } catch (InterruptedException e) { }
                        }
                    }
                    """.formatted(pkg, pkg, name, name, name, name)), pkg);
        }
    }

    /**
     * A copy of fork/join vendored into the sources under the project's own package is the runtime, not task
     * code: its own waits are not reported, the tasks built on it are analysed.
     */
    @Test
    void aVendoredCopyOfForkJoinIsTheRuntime() throws IOException {
        write("src/org/acme/fj/ForkJoinTask.java", """
                package org.acme.fj;
                public abstract class ForkJoinTask<V> {
                    protected abstract boolean exec();
                    public final V join() {
                        synchronized (this) { try { wait(1); } catch (InterruptedException e) { } }
                        return null;
                    }
                    public final ForkJoinTask<V> fork() { exec(); return this; }
                }
                """);
        write("src/org/acme/fj/RecursiveAction.java", """
                package org.acme.fj;
                public abstract class RecursiveAction extends ForkJoinTask<Void> {
                    protected abstract void compute();
                    @Override protected final boolean exec() { compute(); return true; }
                }
                """);
        write("src/org/acme/app/Work.java", """
                package org.acme.app;
                import org.acme.fj.RecursiveAction;
                class Work extends RecursiveAction {
                    @Override protected void compute() {
                        synchronized (Work.class) { }
                    }
                }
                """);
        Report r = analyse();
        assertEquals(List.of("Work.java:5 B5"), r.findings().stream()
                .map(f -> f.file().getFileName() + ":" + f.line() + " " + f.bottleneck()).toList());
        assertEquals(List.of(), r.notices());
    }

    /**
     * Two source roots of one tree (a library and its legacy copy) declare the same class names: each file's names
     * mean its own root's classes, and each finding lands in its own file.
     */
    @Test
    void sameNamesInTwoSourceRootsStayApart() throws IOException {
        String helperCopies = """
                package com.x;
                final class Split {
                    static int[] half(int[] a) { return java.util.Arrays.copyOf(a, a.length / 2); }
                }
                """;
        String helperShares = """
                package com.x;
                final class Split {
                    static int[] half(int[] a) { return a; }
                }
                """;
        String task = """
                package com.x;
                public class Tree extends java.util.concurrent.RecursiveAction {
                    final int[] a;
                    public Tree(int[] a) { this.a = a; }
                    @Override protected void compute() {
                        if (a.length > 1) {
                            new Tree(Split.half(a)).invoke();%s
                        }
                    }
                }
                """;
        write("new/src/main/java/com/x/Split.java", helperCopies);
        write("new/src/main/java/com/x/Tree.java", task.formatted(""));
        write("old/src/main/java/com/x/Split.java", helperShares);
        write("old/src/main/java/com/x/Tree.java", task.formatted("\n            synchronized (this) { }"));
        Report r = analyse();
        assertEquals(List.of("new/src/main/java/com/x/Tree.java:7 B2", "old/src/main/java/com/x/Tree.java:8 B5"),
                r.findings().stream().map(f -> dir.relativize(f.file()) + ":" + f.line() + " " + f.bottleneck()).toList());
    }

    @Test
    void moduleImportsAndJava25Syntax() throws IOException {
        assertEquals(List.of("10 B6", "14 B5"), findings("Modern.java", """
                import module java.base;

                sealed interface Shape permits Modern.Square {}

                class Modern extends RecursiveAction {
                    record Square(int side) implements Shape {}
                    static final ReentrantLock LOCK = new ReentrantLock();
                    @Override protected void compute() {
                        try {
                            Thread.sleep(switch (new Square(2)) { case Square(int s) when s > 1 -> s; default -> 0; });
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                        LOCK.lock();
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

    /**
     * Overloads chosen by computed argument types (a string concatenation is a String, {@code getClass()} of an
     * interface-typed value a Class), by the most specific parameter types, and by what a library's type (here
     * {@code org.lib}, not in the sources) can and cannot be: not a String, not a type of the sources. Where the
     * argument's type is unknown, every overload is followed and the chain says it is not resolved.
     */
    @Test
    void overloadsWithComputedAndLibraryArgumentTypes() throws IOException {
        assertEquals(List.of("27 B6"), findings("Keys.java", """
                import java.util.concurrent.RecursiveAction;
                import org.lib.Logger;
                import org.lib.Factory;

                class Keys extends RecursiveAction {
                    static class Iced { }
                    static final class Value extends Iced { }
                    interface Freezable { }
                    Logger logger;
                    Factory factory;
                    Freezable ice;
                    @Override protected void compute() {
                        make("Q" + 7);
                        put("k", new Value());
                        use(logger);
                        icer(ice.getClass());
                        ship(factory.next());
                    }
                    static void make(String s) { }
                    static void make(byte[] kb) { synchronized (Keys.class) { } }
                    static void put(String k, Iced v) { try { Thread.sleep(1); } catch (InterruptedException e) { } }
                    static void put(String k, Value v) { }
                    static void use(Logger l) { }
                    static void use(String s) { try { Thread.sleep(2); } catch (InterruptedException e) { } }
                    static void icer(Class<?> c) { }
                    static void icer(Freezable f) { try { Thread.sleep(3); } catch (InterruptedException e) { } }
                    static void ship(org.lib.Parcel p) { try { Thread.sleep(4); } catch (InterruptedException e) { } }
                    static void ship(org.lib.Letter l) { }
                }
                """));
        Finding f = analyse().findings().stream().filter(x -> x.file().endsWith("Keys.java")).findFirst().orElseThrow();
        assertTrue(f.message().contains("Keys.ship() (overload unresolved: 2 fit the argument types known)"),
                f.message());
    }

    @Test
    void exceptionPathsAreNotFollowedButInterfaceCallsAre() throws IOException {
        assertEquals(List.of("6 B5"), findings("Paths.java", """
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

    /** A lambda a task is constructed with runs where the task calls it: through the field it was stored in. */
    @Test
    void lambdasPassedToATaskAreFollowedThroughItsField() throws IOException {
        assertEquals(List.of("19 B5"), findings("Each.java", """
                import java.util.concurrent.ForkJoinPool;
                import java.util.concurrent.RecursiveAction;
                import java.util.function.IntConsumer;

                class Each extends RecursiveAction {
                    final int from, to;
                    final IntConsumer action;
                    Each(int from, int to, IntConsumer action) { this.from = from; this.to = to; this.action = action; }
                    @Override protected void compute() {
                        if (to - from > 2) {
                            int mid = (from + to) >>> 1;
                            invokeAll(new Each(from, mid, action), new Each(mid, to, action));
                            return;
                        }
                        for (int i = from; i < to; i++) { action.accept(i); }
                    }
                    static void count(long[] counts) {
                        ForkJoinPool.commonPool().invoke(new Each(0, counts.length, i -> {
                            synchronized (counts) { counts[i]++; }
                        }));
                        ForkJoinPool.commonPool().invoke(new Each(0, counts.length, i -> counts[i]++));
                    }
                }
                """));
    }

    /** A call through an interface with more implementations than the detector follows says nothing. */
    @Test
    void callsWithTooManyImplementationsAreNotFollowed() throws IOException {
        StringBuilder impls = new StringBuilder();
        for (int i = 0; i < 9; i++) {
            impls.append("    static final class S").append(i).append(" implements Step { public synchronized void run() { } }\n");
        }
        assertEquals(List.of(), findings("Many.java", """
                import java.util.concurrent.RecursiveAction;

                class Many extends RecursiveAction {
                    interface Step { void run(); }
                %s
                    static Step pick() { return new S0(); }
                    @Override protected void compute() {
                        each(pick());
                    }
                    static void each(Step s) { s.run(); }
                }
                """.formatted(impls)));
    }
}
