package dev.weft.atomic.weaver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The annotation processor's compile-time errors: each small program is compiled in-process and must fail
 * with the expected message on the expected line. The same mistakes compiled without the processor are
 * refused by the weaver.
 */
class ProcessorTest {
    @TempDir
    Path tmp;

    private static final String IMPORTS = "package p;\nimport dev.weft.atomic.*;\nimport dev.weft.*;\nimport java.util.concurrent.*;\n";

    /** A case: the source of p.T (line 5 is the first line after IMPORTS), the message, the line. */
    static Stream<Arguments> errors() {
        return Stream.of(
                Arguments.of("unknown set in @Atomic", """
                        @AtomicSet("a")
                        class T {
                            @Atomic("b") int x;
                        }
                        """, "unknown atomic set 'b'", 7),
                Arguments.of("@Atomic in a class without a set", """
                        class T {
                            @Atomic("a") int x;
                        }
                        """, "unknown atomic set 'a'", 6),
                Arguments.of("more than one set", """
                        @AtomicSet({"a", "b"})
                        class T {
                            @Atomic("a") int x;
                        }
                        """, "more than one atomic set", 6),
                Arguments.of("another set in a subclass", """
                        @AtomicSet("a")
                        class T { @Atomic int x; }
                        @AtomicSet("b")
                        class U extends T { }
                        """, "one set per class hierarchy", 8),
                Arguments.of("@Atomic on a static field", """
                        @AtomicSet("a")
                        class T { @Atomic static int x; }
                        """, "static field", 6),
                Arguments.of("alias cycle between two classes", """
                        @AtomicSet("a")
                        class T { @AliasAtomicSet U u; }
                        @AtomicSet("b")
                        class U { @AliasAtomicSet T t; }
                        """, "alias cycle: T -> U -> T", 6),
                Arguments.of("alias cycle through a recursive field into another set", """
                        @AtomicSet("n")
                        class T { @AliasAtomicSet T next; @AliasAtomicSet U u; }
                        @AtomicSet("b")
                        class U { @AliasAtomicSet T t; }
                        """, "alias cycle: T -> U -> T", 6),
                Arguments.of("walking a local that may hold another structure's node", """
                        @AtomicSet("l")
                        class T {
                            @AliasAtomicSet N head;
                            int f(N other) { N n = head; if (other != null) n = other; return n.v; }
                        }
                        @AtomicSet("n")
                        class N { int v; @AliasAtomicSet N next; }
                        """, "atomic field N.v (set 'n') of an object other than this", 8),
                Arguments.of("a walked node's field inside a lambda", """
                        @AtomicSet("l")
                        class T {
                            @AliasAtomicSet N head;
                            Runnable f() { N n = head; return () -> n.v++; }
                        }
                        @AtomicSet("n")
                        class N { int v; @AliasAtomicSet N next; }
                        """, "atomic field N.v (set 'n') of an object other than this", 8),
                Arguments.of("a local that holds a node of this structure or of a parameter's", """
                        @AtomicSet("l")
                        class T {
                            @AliasAtomicSet N head;
                            int f(@AliasAtomicSet T o, boolean b) { N n = head; if (b) n = o.head; return n.v; }
                        }
                        @AtomicSet("n")
                        class N { int v; @AliasAtomicSet N next; }
                        """, "atomic field N.v (set 'n') of an object other than this", 8),
                Arguments.of("a parameter's walked node inside a lambda", """
                        @AtomicSet("l")
                        class T {
                            @AliasAtomicSet N head;
                            static Runnable f(@AliasAtomicSet T o) { N n = o.head.next; return () -> n.v++; }
                        }
                        @AtomicSet("n")
                        class N { int v; @AliasAtomicSet N next; }
                        """, "atomic field N.v (set 'n') of an object other than this", 8),
                Arguments.of("a walk from a parameter without @AliasAtomicSet", """
                        @AtomicSet("l")
                        class T {
                            @AliasAtomicSet N head;
                            static int f(T o) { int s = 0; for (N n = o.head; n != null; n = n.next) s += n.v; return s; }
                        }
                        @AtomicSet("n")
                        class N { int v; @AliasAtomicSet N next; }
                        """, "of an object other than this", 8),
                Arguments.of("a mutable alias field of another object", """
                        @AtomicSet("n")
                        class T {
                            @AliasAtomicSet T next;
                            static T skip(T t) { return t.next; }
                        }
                        """, "atomic field T.next (set 'n') of an object other than this", 8),
                Arguments.of("alias field whose type has no set", """
                        @AtomicSet("a")
                        class T { @AliasAtomicSet StringBuilder sb = new StringBuilder(); }
                        """, "which has no atomic set", 6),
                Arguments.of("alias field naming an unknown set", """
                        @AtomicSet("a")
                        class T { @AliasAtomicSet("zz") U u = new U(); }
                        @AtomicSet("b")
                        class U { @Atomic int v; }
                        """, "unknown atomic set 'zz'", 6),
                Arguments.of("alias parameter whose type has no set", """
                        class T {
                            static void f(@AliasAtomicSet String s) { }
                        }
                        """, "which has no atomic set", 6),
                Arguments.of("alias parameter reassigned", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            static void f(@AliasAtomicSet T t, T other) {
                                t = other;
                            }
                        }
                        """, "is reassigned", 9),
                Arguments.of("another object's field", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            boolean same(T o) { return v == o.v; }
                        }
                        """, "of an object other than this", 8),
                Arguments.of("a field touched from another class", """
                        @AtomicSet("a")
                        class T { @Atomic int v; }
                        class Bank { static void f(T t) { t.v++; } }
                        """, "of an object other than this", 7),
                Arguments.of("an enclosing object's field from an inner class", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            Runnable r() { return new Runnable() { public void run() { v++; } }; }
                        }
                        """, "enclosing or other object", 8),
                Arguments.of("a parameter's field inside a lambda", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            static Runnable f(@AliasAtomicSet T t) { return () -> t.v++; }
                        }
                        """, "inside a lambda", 8),
                Arguments.of("sleep in a unit of work", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            void f() throws InterruptedException { v++; Thread.sleep(1); }
                        }
                        """, "blocking call Thread.sleep() inside unit of work T.f (atomic set 'a')", 8),
                Arguments.of("a latch in a unit of work", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            void f(CountDownLatch l) throws InterruptedException { l.await(); v++; }
                        }
                        """, "blocking call CountDownLatch.await()", 8),
                Arguments.of("a future's get in a unit of work", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            void f(CompletableFuture<Integer> c) throws Exception { v += c.get(); }
                        }
                        """, "waits for another task", 8),
                Arguments.of("CompletableFuture.join in a unit of work", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            void f(CompletableFuture<Integer> c) { v += c.join(); }
                        }
                        """, "blocking call CompletableFuture.join()", 8),
                Arguments.of("joining a task forked elsewhere", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            Task<Integer> pending;
                            void f() { v += pending.join(); }
                        }
                        """, "blocking call Task.join()", 9),
                Arguments.of("Weft.blocking in a unit of work", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            void f() { v++; Weft.blocking(() -> 1); }
                        }
                        """, "blocking call Weft.blocking()", 8),
                Arguments.of("an explicit lock in a unit of work", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            final java.util.concurrent.locks.ReentrantLock lock = new java.util.concurrent.locks.ReentrantLock();
                            void f() { lock.lock(); v++; lock.unlock(); }
                        }
                        """, "blocking call ReentrantLock.lock()", 9),
                Arguments.of("wait in a unit of work", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            void f() throws InterruptedException { v++; wait(); }
                        }
                        """, "blocking call Object.wait()", 8),
                Arguments.of("a unit of work through a call on this", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            int get() { return v; }
                            void f(BlockingQueue<Integer> q) throws InterruptedException { q.put(get()); }
                        }
                        """, "blocking call BlockingQueue.put() inside unit of work T.f", 9),
                Arguments.of("pool.invoke in a unit of work for a parameter", """
                        @AtomicSet("a")
                        class T { @Atomic int v; }
                        class U {
                            static void f(@AliasAtomicSet T t, WeftPool pool) { pool.invoke(() -> 1); }
                        }
                        """, "blocking call WeftPool.invoke()", 8),
                Arguments.of("sleep in a helper that a unit of work calls", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            void f() throws InterruptedException { v++; pause(); }
                            static void pause() throws InterruptedException { Thread.sleep(1); }
                        }
                        """, "blocking call Thread.sleep() through T.pause() inside unit of work T.f (atomic set 'a')", 8),
                Arguments.of("a latch two helpers down, in a class compiled after", """
                        @AtomicSet("a")
                        class T {
                            @Atomic int v;
                            void f(CountDownLatch l) throws InterruptedException { v++; Util.waitFor(l); }
                        }
                        class Util {
                            static void waitFor(CountDownLatch l) throws InterruptedException { inner(l); }
                            static void inner(CountDownLatch l) throws InterruptedException { l.await(); }
                        }
                        """, "blocking call CountDownLatch.await() through Util.waitFor() -> Util.inner() inside unit of work T.f", 8));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("errors")
    void refusedAtCompileTime(String name, String source, String message, int line) throws Exception {
        Fixtures.Compiled c = Fixtures.compile(tmp, true, Map.of("p.T", IMPORTS + source));
        assertFalse(c.success(), name + ": compiled");
        List<String> errors = c.errors();
        assertTrue(errors.stream().anyMatch(e -> e.contains(message)), name + ": " + errors);
        assertTrue(errors.stream().anyMatch(e -> e.contains(message) && e.startsWith("T.java:" + line + ":")),
                name + ": not on line " + line + ": " + errors);
    }

    @Test
    void recursiveStructuresWalkedInsideTheirOwnersUnitsCompileCleanly() throws Exception {
        Fixtures.Compiled c = Fixtures.compile(tmp, true, Map.of(
                "r.IntList", RecursiveFixtures.LIST, "r.IntTree", RecursiveFixtures.TREE, "p.T", IMPORTS + """
                @AtomicSet("l")
                class T {
                    @AliasAtomicSet N head;
                    int last() {                                       // a local that starts null
                        N prev = null;
                        for (N n = head; n != null; n = (n.next)) prev = n;
                        return prev == null ? -1 : prev.v;
                    }
                    int second() { N n = head != null ? head.next : null; return n == null ? -1 : ((N) n).v; }
                    Runnable r() { return () -> { for (N n = head; n != null; n = n.next) n.v++; }; }
                }
                @AtomicSet("n")
                class N { int v; @AliasAtomicSet N next; }
                """));
        assertTrue(c.success(), c.errorText());
        assertEquals(List.of(), c.diagnostics().stream()
                .filter(d -> d.getKind() == javax.tools.Diagnostic.Kind.WARNING).map(Object::toString).toList());
    }

    @Test
    void aCorrectProgramCompilesCleanly() throws Exception {
        Fixtures.Compiled c = Fixtures.compile(tmp, true, Map.of("p.T", IMPORTS + """
                @AtomicSet("a")
                class T {
                    @Atomic int v;
                    @Atomic long w;
                    final int id = 1;
                    @AliasAtomicSet final U u = new U();
                    void f() throws InterruptedException {
                        v++; this.w += v; u.inc();
                        Task<Integer> t = Task.of(() -> 1);      // made in this unit: joining it is fine
                        t.fork();
                        v += t.join();
                        Weft.parallelFor(0, 10, i -> this.v++);  // runs on this worker: stealing is paused
                    }
                    void outside() throws InterruptedException { Thread.sleep(0); }   // not a unit of work
                    int g() { v++; return twice(v); }                  // a helper that does not block
                    static int twice(int x) { return recurse(x, 1); }
                    static int recurse(int x, int n) { return n == 0 ? x : recurse(2 * x, n - 1); }
                    static void transfer(@AliasAtomicSet T a, @AliasAtomicSet T b) { a.v--; b.v++; }
                }
                @AtomicSet("b")
                class U { @Atomic int c; void inc() { c++; } }
                // Bodies are checked after javac attributes them: resolving names during annotation
                // processing once broke compact constructors ("invalid canonical constructor").
                record R(int x) { R { if (x < 0) throw new IllegalArgumentException(); } }
                """));
        assertTrue(c.success(), c.errorText());
        assertEquals(List.of(), c.diagnostics().stream()
                .filter(d -> d.getKind() == javax.tools.Diagnostic.Kind.WARNING).map(Object::toString).toList());
    }

    /** Without the processor, the weaver still refuses what it cannot translate safely. */
    static Stream<Arguments> weaverRefusals() {
        return Stream.of(
                Arguments.of("""
                        @AtomicSet("a")
                        class T { @Atomic int v; boolean same(T o) { return v == o.v; } }
                        """, "reads atomic field p.T.v of an object other than this"),
                Arguments.of("""
                        @AtomicSet("a")
                        class T { @Atomic int v; }
                        class Bank { static void f(T t) { t.v++; } }
                        """, "atomic field p.T.v outside a unit of work"),
                Arguments.of("""
                        @AtomicSet("a")
                        class T { @Atomic("zz") int v; }
                        """, "unknown atomic set 'zz'"),
                Arguments.of("""
                        @AtomicSet({"a", "b"})
                        class T { @Atomic int v; }
                        """, "one set per class hierarchy"),
                Arguments.of("""
                        @AtomicSet("a")
                        class T { @AliasAtomicSet U u; }
                        @AtomicSet("b")
                        class U { @AliasAtomicSet T t; }
                        """, "alias cycle"),
                Arguments.of("""
                        @AtomicSet("l")
                        class T {
                            @AliasAtomicSet N head;
                            int f(N other) { N n = head; if (other != null) n = other; return n.v; }
                        }
                        @AtomicSet("n")
                        class N { int v; @AliasAtomicSet N next; }
                        """, "reads atomic field p.N.v of an object other than this"));
    }

    @ParameterizedTest
    @MethodSource("weaverRefusals")
    void refusedByTheWeaverWithoutTheProcessor(String source, String message) throws Exception {
        Fixtures.Compiled c = Fixtures.compile(tmp, false, Map.of("p.T", IMPORTS + source));
        assertTrue(c.success(), c.errorText());
        WeaveException e = assertThrows(WeaveException.class, () -> Fixtures.weave(tmp));
        assertTrue(e.problems().stream().anyMatch(p -> p.contains(message)), e.problems().toString());
    }
}
