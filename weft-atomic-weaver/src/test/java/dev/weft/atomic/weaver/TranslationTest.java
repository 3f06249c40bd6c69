package dev.weft.atomic.weaver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The translation (thesis §6.3): locked and unlocked versions, calls inside units going to internal
 * versions, aliasing rules, the unwoven guard, unwoven subclasses, idempotence, untouched classes, locks
 * released on exceptions, and stealing paused inside units of work.
 */
class TranslationTest {
    @TempDir
    Path tmp;

    static final String SOURCE = """
            package t;
            import dev.weft.*;
            import dev.weft.atomic.*;
            import java.util.*;
            import java.util.concurrent.*;

            @AtomicSet("c")
            public class Counter {
                @Atomic private int value;
                private final String name = "c";
                public Counter() { }
                int get() { return value; }
                void set(int v) { value = v; }
                /** A unit only through calls on this. */
                void incViaCalls() { set(get() + 1); }
                String name() { return name; }                      // touches no field of the set
                void fail() { value++; throw new IllegalStateException("boom"); }
                boolean paused() { value++; return Weft.stealingPaused(); }
                /** A parallel loop inside a unit: runs on this worker only. */
                Set<Thread> loopThreads(int n) {
                    Set<Thread> seen = ConcurrentHashMap.newKeySet();
                    Weft.parallelFor(0, n, i -> { seen.add(Thread.currentThread()); value++; spin(); });
                    return seen;
                }
                static void spin() { for (int i = 0; i < 2_000; i++) Thread.onSpinWait(); }
            }

            @AtomicSet("p")
            class PairCounter {
                @Atomic private int diff;
                @AliasAtomicSet("p") final Counter low = new Counter();
                @AliasAtomicSet("p") final Counter high = new Counter();
                void incHigh() { high.set(high.get() + 1); diff = high.get() - low.get(); }
                int diff() { return diff; }
                /** A unit only through a call on an aliased object. */
                int highValue() { return high.get(); }
            }

            @AtomicSet("h")
            class Holder {
                @Atomic int n;
                @AliasAtomicSet Counter slot;
                void put(Counter c) { slot = c; }
            }

            class Plain {
                int x;
                int twice() { return 2 * x; }
            }

            final class Ops {
                static int move(@AliasAtomicSet Counter from, @AliasAtomicSet Counter to) {
                    from.set(from.get() - 1);
                    to.set(to.get() + 1);
                    return to.get();
                }
            }
            """;

    private Path woven() throws Exception {
        Fixtures.compileOk(tmp, Map.of("t.Counter", SOURCE));
        Fixtures.weave(tmp);
        return tmp;
    }

    private static ClassNode node(Path dir, String name) throws Exception {
        ClassNode cn = new ClassNode();
        new ClassReader(Files.readAllBytes(dir.resolve(name + ".class"))).accept(cn, 0);
        return cn;
    }

    private static MethodNode method(ClassNode cn, String name) {
        return cn.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElse(null);
    }

    private static List<String> calls(MethodNode m) {
        List<String> out = new ArrayList<>();
        for (AbstractInsnNode i = m.instructions.getFirst(); i != null; i = i.getNext()) {
            if (i instanceof MethodInsnNode mi) {
                out.add(mi.owner.substring(mi.owner.lastIndexOf('/') + 1) + "." + mi.name);
            }
        }
        return out;
    }

    @Test
    void eachUnitHasALockedAndAnUnlockedVersionAndInternalCallsSkipTheLock() throws Exception {
        ClassNode c = node(woven(), "t/Counter");
        for (String unit : List.of("get", "set", "incViaCalls", "fail", "paused", "loopThreads")) {
            assertNotNull(method(c, unit + "$weft$unlocked"), unit + " has no internal version");
            List<String> locked = calls(method(c, unit));
            assertTrue(locked.contains("Weft.pauseStealing") && locked.contains("Weft.resumeStealing")
                    && locked.contains("Counter." + unit + "$weft$unlocked"), unit + ": " + locked);
        }
        assertNull(method(c, "name$weft$unlocked"), "a method that touches no atomic field is not a unit");
        assertNull(method(c, "spin$weft$unlocked"));
        assertEquals(List.of("Counter.get$weft$unlocked", "Counter.set$weft$unlocked"),
                calls(method(c, "incViaCalls$weft$unlocked")), "calls on this inside a unit");

        ClassNode pair = node(tmp, "t/PairCounter");
        assertTrue(calls(method(pair, "incHigh$weft$unlocked")).stream()
                        .filter(s -> s.startsWith("Counter.")).allMatch(s -> s.endsWith("$weft$unlocked")),
                "calls on aliased fields inside a unit: " + calls(method(pair, "incHigh$weft$unlocked")));

        assertNotNull(method(pair, "highValue$weft$unlocked"), "a call on an aliased object touches the set");
        assertEquals(List.of("Counter.get$weft$unlocked"), calls(method(pair, "highValue$weft$unlocked")));

        ClassNode ops = node(tmp, "t/Ops");
        assertTrue(calls(method(ops, "move$weft$unlocked")).stream()
                        .filter(s -> s.startsWith("Counter.")).allMatch(s -> s.endsWith("$weft$unlocked")),
                "calls on held parameters: " + calls(method(ops, "move$weft$unlocked")));
        assertTrue(calls(method(ops, "move")).contains("OrderedLock.precedes"), "two sets are taken in order");
    }

    @Test
    void classesThatUseNoSetAreUntouchedAndWeavingTwiceChangesNothing() throws Exception {
        Fixtures.compileOk(tmp, Map.of("t.Counter", SOURCE));
        byte[] plain = Files.readAllBytes(tmp.resolve("t/Plain.class"));
        Weaver.Report first = Fixtures.weave(tmp);
        assertEquals(List.of("t/Counter", "t/Holder", "t/Ops", "t/PairCounter"),
                first.wovenClasses().stream().sorted().toList());
        assertArrayEquals(plain, Files.readAllBytes(tmp.resolve("t/Plain.class")));
        byte[] counter = Files.readAllBytes(tmp.resolve("t/Counter.class"));
        Weaver.Report second = Fixtures.weave(tmp);
        assertEquals(0, second.classesWoven());
        assertArrayEquals(counter, Files.readAllBytes(tmp.resolve("t/Counter.class")));
    }

    @Test
    void aClassCompiledButNotWovenFailsAtFirstUse() throws Throwable {
        Fixtures.compileOk(tmp, Map.of("t.Counter", SOURCE));
        ClassLoader l = Fixtures.loader(tmp);
        Throwable t = assertThrows(ExceptionInInitializerError.class, () -> Class.forName("t.Counter", true, l));
        assertInstanceOf(IllegalStateException.class, t.getCause());
        assertTrue(t.getCause().getMessage().contains("t.Counter uses atomic sets but was not woven"), t.getCause().getMessage());
        assertThrows(NoClassDefFoundError.class, () -> Class.forName("t.Counter", true, l).getDeclaredConstructor().newInstance());
        assertThrows(ExceptionInInitializerError.class, () -> Class.forName("t.Ops", true, l));
        Class.forName("t.Plain", true, l); // a class without atomic sets is not guarded
    }

    /**
     * The hole of a skipped weave: compiled without the processor (no guard) and not woven, a class ran with
     * no locking. {@link Weaver#guard} — what the Maven plugin does when weaving is skipped — guards it, so it
     * fails at first use as a processor-guarded one does, and weaving later still works.
     */
    @Test
    void aSkippedWeaveGuardsClassesCompiledWithoutTheProcessor() throws Throwable {
        Fixtures.Compiled c = Fixtures.compile(tmp, false, Map.of("t.Counter", SOURCE));
        assertTrue(c.success(), c.errorText());
        byte[] plain = Files.readAllBytes(tmp.resolve("t/Plain.class"));
        Class.forName("t.Counter", true, Fixtures.loader(tmp)); // the hole: no guard, no locks, no error
        List<String> guarded = new Weaver(List.of()).guard(tmp);
        assertEquals(List.of("t/Counter", "t/Holder", "t/Ops", "t/PairCounter"), guarded.stream().sorted().toList());
        assertArrayEquals(plain, Files.readAllBytes(tmp.resolve("t/Plain.class")), "a class without sets is untouched");
        ClassLoader l = Fixtures.loader(tmp);
        Throwable t = assertThrows(ExceptionInInitializerError.class, () -> Class.forName("t.Counter", true, l));
        assertTrue(t.getCause().getMessage().contains("t.Counter uses atomic sets but was not woven"), t.getCause().getMessage());
        assertEquals(List.of(), new Weaver(List.of()).guard(tmp), "guarding twice changes nothing");
        assertEquals(4, Fixtures.weave(tmp).classesWoven());
        Class.forName("t.Counter", true, Fixtures.loader(tmp)); // woven: the guard is gone
    }

    @Test
    void anUnwovenSubclassCannotBeConstructed() throws Throwable {
        Path lib = woven();
        Path app = tmp.resolve("app");
        Fixtures.Compiled c = Fixtures.compile(app, false, Map.of("u.Sub", """
                package u;
                public class Sub extends t.Counter {
                    public static Object make() { return new Sub(); }
                }
                """), lib);
        assertTrue(c.success(), c.errorText());
        ClassLoader l = Fixtures.loader(lib, app);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Fixtures.call(l, "u.Sub", "make"));
        assertTrue(e.getMessage().contains("u.Sub extends a class with an atomic set but was not woven"), e.getMessage());
        Fixtures.weave(app, lib);
        ClassLoader l2 = Fixtures.loader(lib, app);
        assertNotNull(Fixtures.call(l2, "u.Sub", "make"));
    }

    @Test
    void anExceptionInAUnitReleasesItsLockAndResumesStealing() throws Throwable {
        ClassLoader l = Fixtures.loader(woven());
        Object counter = Class.forName("t.Counter", true, l).getConstructor().newInstance();
        var fail = counter.getClass().getDeclaredMethod("fail");
        var get = counter.getClass().getDeclaredMethod("get");
        fail.setAccessible(true);
        get.setAccessible(true);
        try (dev.weft.WeftPool pool = new dev.weft.WeftPool(2)) {
            Throwable t = assertThrows(Throwable.class, () -> pool.invoke(() -> {
                try {
                    return fail.invoke(counter);
                } catch (ReflectiveOperationException e) {
                    throw new RuntimeException(e.getCause());
                }
            }));
            assertTrue(String.valueOf(t.getCause()).contains("boom"), String.valueOf(t));
            boolean paused = pool.invoke(dev.weft.Weft::stealingPaused);
            assertFalse(paused);
        }
        // Another thread can take the lock: it was released.
        Thread other = new Thread(() -> {
            try {
                get.invoke(counter);
            } catch (ReflectiveOperationException e) {
                throw new RuntimeException(e);
            }
        });
        other.start();
        other.join(10_000);
        assertFalse(other.isAlive(), "the lock was not released");
        assertEquals(1, get.invoke(counter));
    }

    @Test
    void insideAUnitStealingIsPausedAndALoopStaysOnItsWorker() throws Throwable {
        ClassLoader l = Fixtures.loader(woven());
        Object counter = Class.forName("t.Counter", true, l).getConstructor().newInstance();
        var paused = counter.getClass().getDeclaredMethod("paused");
        var loop = counter.getClass().getDeclaredMethod("loopThreads", int.class);
        paused.setAccessible(true);
        loop.setAccessible(true);
        try (dev.weft.WeftPool pool = new dev.weft.WeftPool(4)) {
            assertEquals(Boolean.TRUE, pool.invoke(() -> call(paused, counter)));
            assertEquals(Boolean.FALSE, pool.invoke(dev.weft.Weft::stealingPaused));
            for (int round = 0; round < 10; round++) {
                Object threads = pool.invoke(() -> call(loop, counter, 2_000));
                assertEquals(1, ((java.util.Set<?>) threads).size(), "a loop inside a unit of work was split: " + threads);
            }
        }
    }

    private static Object call(java.lang.reflect.Method m, Object target, Object... args) {
        try {
            return m.invoke(target, args);
        } catch (ReflectiveOperationException e) {
            throw new RuntimeException(e);
        }
    }

    @Test
    void anObjectThatSharesOneSetCannotJoinAnother() throws Throwable {
        ClassLoader l = Fixtures.loader(woven());
        Class<?> pairClass = Class.forName("t.PairCounter", true, l);
        var ctor = pairClass.getDeclaredConstructor();
        ctor.setAccessible(true);
        Object pair = ctor.newInstance();
        var low = pairClass.getDeclaredField("low");
        low.setAccessible(true);
        Object shared = low.get(pair);
        Class<?> holderClass = Class.forName("t.Holder", true, l);
        var hctor = holderClass.getDeclaredConstructor();
        hctor.setAccessible(true);
        Object holder = hctor.newInstance();
        var put = holderClass.getDeclaredMethod("put", Class.forName("t.Counter", true, l));
        put.setAccessible(true);
        Throwable t = assertThrows(Throwable.class, () -> put.invoke(holder, shared));
        assertInstanceOf(IllegalStateException.class, t.getCause());
        assertTrue(t.getCause().getMessage().contains("already shares the atomic set of a t.PairCounter"), t.getCause().getMessage());
        Object fresh = Class.forName("t.Counter", true, l).getConstructor().newInstance();
        put.invoke(holder, fresh);
        assertTrue(((dev.weft.atomic.runtime.AtomicObject) fresh).$weft$lock()
                == ((dev.weft.atomic.runtime.AtomicObject) holder).$weft$lock());
        put.invoke(holder, (Object) null); // storing null moves nothing
    }
}
