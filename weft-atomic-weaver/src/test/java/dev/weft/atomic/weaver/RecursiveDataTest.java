package dev.weft.atomic.weaver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.atomic.runtime.AtomicObject;
import dev.weft.atomic.runtime.OrderedLock;
import dev.weft.atomic.runtime.Units;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recursive data in atomic sets (AJ's linked list and a tree): nodes aliased into the owner's set through
 * self-typed fields compile, weave and keep the owner's invariants under stress at 1, 2 and 4 workers while
 * units of the owner walk past the head; the unannotated controls break them (so the checks can see a race);
 * nodes are born in the set of the structure they are linked into, a node of one structure cannot be
 * linked into another, and a structure that nodes were born into does not move.
 */
class RecursiveDataTest {
    @TempDir
    Path tmp;

    private static final int OPS = 150_000;

    @Test
    void aLinkedListWalkedPastItsHeadKeepsSizeAndSumWithItsNodes() throws Throwable {
        ClassLoader l = Fixtures.build(tmp, Map.of("r.IntList", RecursiveFixtures.LIST));
        for (int workers : new int[] {1, 2, 4}) {
            long[] r = (long[]) Fixtures.call(l, "r.IntList", "run", workers, OPS, 11L + workers);
            assertEquals(0, r[0], workers + " workers: the list was seen inconsistent " + r[0] + " times");
            assertEquals(0, r[1], workers + " workers: size differs from pushes - removes by " + r[1]);
            assertEquals(0, r[2], workers + " workers: sum differs from pushed - removed values by " + r[2]);
        }
    }

    @Test
    void aTreeWalkedToItsLeavesKeepsSizeSumAndOrder() throws Throwable {
        ClassLoader l = Fixtures.build(tmp, Map.of("r.IntTree", RecursiveFixtures.TREE));
        for (int workers : new int[] {1, 2, 4}) {
            long[] r = (long[]) Fixtures.call(l, "r.IntTree", "run", workers, OPS, 17L + workers);
            assertEquals(0, r[0], workers + " workers: the tree was seen inconsistent " + r[0] + " times");
            assertEquals(0, r[1], workers + " workers: size differs from inserts - removals by " + r[1]);
            assertEquals(0, r[2], workers + " workers: sum differs from inserted - removed keys by " + r[2]);
        }
    }

    @Test
    void theUnprotectedListAndTreeAreCaughtBreakingTheirInvariants() throws Throwable {
        ClassLoader l = Fixtures.loader(Fixtures.compileOk(tmp, Map.of(
                "r.IntList", StressFixtures.unprotected(RecursiveFixtures.LIST),
                "r.IntTree", StressFixtures.unprotected(RecursiveFixtures.TREE))));
        for (String program : new String[] {"r.IntList", "r.IntTree"}) {
            boolean broken = false;
            long[] r = null;
            for (int round = 0; round < 10 && !broken; round++) {
                r = (long[]) Fixtures.call(l, program, "run", 4, OPS, (long) round);
                broken = r[0] != 0 || r[1] != 0 || r[2] != 0;
            }
            assertTrue(broken, program + " without atomic sets never showed a race: the checks cannot see one "
                    + Arrays.toString(r));
        }
    }

    @Test
    void nodesAreBornInTheSetOfTheListTheyAreLinkedInto() throws Throwable {
        ClassLoader l = Fixtures.build(tmp, Map.of("r.IntList", RecursiveFixtures.LIST));
        Object list = newInstance(l, "r.IntList");
        Method push = method(l, "r.IntList", "push", int.class);
        for (int i = 0; i < 50; i++) {
            push.invoke(list, i);
        }
        OrderedLock lock = ((AtomicObject) list).$weft$lock();
        int nodes = 0;
        for (Object n = field(l, "r.IntList", "head").get(list); n != null; n = field(l, "r.Node", "next").get(n)) {
            assertSame(lock, ((AtomicObject) n).$weft$lock(), "node " + nodes + " is not in the list's set");
            nodes++;
        }
        assertEquals(50, nodes);
        // Nodes born into the list's set are not reachable from the list until linked, so it stays put.
        Object other = newInstance(l, "r.IntList");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Units.share(other, ((AtomicObject) other).$weft$lock(), list));
        assertTrue(e.getMessage().contains("nodes were linked into it"), e.getMessage());
        assertSame(lock, ((AtomicObject) list).$weft$lock());
    }

    @Test
    void aChainBuiltAloneMovesIntoTheListAndANodeOfOneListCannotJoinAnother() throws Throwable {
        ClassLoader l = Fixtures.build(tmp, Map.of("r.IntList", RecursiveFixtures.LIST));
        Constructor<?> node = l.loadClass("r.Node").getDeclaredConstructor(int.class, l.loadClass("r.Node"));
        node.setAccessible(true);
        Object c = node.newInstance(3, node.newInstance(2, node.newInstance(1, null)));
        Object list = newInstance(l, "r.IntList");
        Method adopt = method(l, "r.IntList", "adopt", l.loadClass("r.Node"));
        adopt.invoke(list, c);
        OrderedLock lock = ((AtomicObject) list).$weft$lock();
        for (Object n = c; n != null; n = field(l, "r.Node", "next").get(n)) {
            assertSame(lock, ((AtomicObject) n).$weft$lock(), "the chain did not follow its head into the list");
        }
        assertEquals(3, method(l, "r.IntList", "size").invoke(list));
        assertEquals(6L, method(l, "r.IntList", "sum").invoke(list));

        Object other = newInstance(l, "r.IntList");
        Object second = field(l, "r.Node", "next").get(c);
        InvocationTargetException e = assertThrows(InvocationTargetException.class, () -> adopt.invoke(other, second));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("already shares the atomic set of a r.IntList"),
                e.getCause().getMessage());
        // A new node linked in front of another list's node is born in that list's set, not in its own.
        Object front = node.newInstance(9, second);
        assertSame(lock, ((AtomicObject) front).$weft$lock());
    }

    /**
     * A chain of 200,000 nodes built alone by prepending ({@code c = new Node(i, c)}), then adopted by a list:
     * each new node joins the set its chain's head heads (building moved the whole chain into the new node's
     * set at every step: n^2 / 2 moves, and a recursion as deep as the chain, which overflowed the stack), and
     * the adoption moves the 200,000 nodes into the list's set without recursion.
     */
    @Test
    void aLongChainBuiltAloneIsBuiltInLinearTimeAndAdoptedWithoutOverflowingTheStack() throws Throwable {
        ClassLoader l = Fixtures.build(tmp, Map.of("r.IntList", RecursiveFixtures.LIST));
        Constructor<?> node = l.loadClass("r.Node").getDeclaredConstructor(int.class, l.loadClass("r.Node"));
        node.setAccessible(true);
        int n = 200_000;
        Object chain = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            Object c = null;
            for (int i = 1; i <= n; i++) {
                c = node.newInstance(i, c);
            }
            return c;
        }, "building a chain of " + n + " nodes by prepending");
        Field next = field(l, "r.Node", "next");
        OrderedLock chainLock = ((AtomicObject) chain).$weft$lock();
        int built = 0;
        for (Object c = chain; c != null; c = next.get(c)) {
            assertSame(chainLock, ((AtomicObject) c).$weft$lock(), "node " + built + " is not in its chain's set");
            built++;
        }
        assertEquals(n, built);
        Object list = newInstance(l, "r.IntList");
        method(l, "r.IntList", "adopt", l.loadClass("r.Node")).invoke(list, chain);
        OrderedLock lock = ((AtomicObject) list).$weft$lock();
        int count = 0;
        for (Object c = chain; c != null; c = next.get(c)) {
            assertSame(lock, ((AtomicObject) c).$weft$lock(), "node " + count + " did not follow the chain into the list");
            count++;
        }
        assertEquals(n, count);
        assertEquals(n, method(l, "r.IntList", "size").invoke(list));
        assertEquals((long) n * (n + 1) / 2, method(l, "r.IntList", "sum").invoke(list));
    }

    private static Object newInstance(ClassLoader l, String cls) throws Exception {
        Constructor<?> c = l.loadClass(cls).getDeclaredConstructor();
        c.setAccessible(true);
        return c.newInstance();
    }

    private static Method method(ClassLoader l, String cls, String name, Class<?>... params) throws Exception {
        Method m = l.loadClass(cls).getDeclaredMethod(name, params);
        m.setAccessible(true);
        return m;
    }

    private static Field field(ClassLoader l, String cls, String name) throws Exception {
        Field f = l.loadClass(cls).getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }
}
