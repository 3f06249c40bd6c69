package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Generated pipelines: random sources (arrays, random-access and linked lists, sets, spliterators,
 * ranges, primitive arrays), random chains of intermediate operations and every terminal operation,
 * each run as a parallel iterator on a random pool (1 to 24 workers on this 2-core machine) and as
 * the sequential JDK stream; the outcomes (value, or the exception's class) must be equal. Only
 * {@code findAny} and {@code forEach} are compared as sets, which is all their contract gives.
 */
class ParStreamPropertyTest {
    static final int[] SIZES = {1, 2, 3, 8, 24};
    static WeftPool[] pools;

    @BeforeAll
    static void start() {
        pools = new WeftPool[SIZES.length];
        for (int i = 0; i < SIZES.length; i++) {
            pools[i] = new WeftPool(SIZES[i]);
        }
    }

    @AfterAll
    static void stop() {
        for (WeftPool p : pools) {
            p.close();
        }
    }

    /** One intermediate operation, on both forms. */
    record Op(String name, Function<ParStream<Integer>, ParStream<Integer>> par,
            Function<Stream<Integer>, Stream<Integer>> seq) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Op randomOp(Random r) {
        int k = 2 + r.nextInt(5);
        int c = r.nextInt(7) - 3;
        return switch (r.nextInt(12)) {
            case 0 -> new Op("filter%" + k, s -> s.filter(x -> x == null || x % k != 0), s -> s.filter(x -> x == null || x % k != 0));
            case 1 -> new Op("map*" + c, s -> s.map(x -> x == null ? null : x * c + 1), s -> s.map(x -> x == null ? null : x * c + 1));
            case 2 -> new Op("nulls%" + k, s -> s.map(x -> x != null && x % k == 0 ? null : x), s -> s.map(x -> x != null && x % k == 0 ? null : x));
            case 3 -> new Op("denull", s -> s.map(x -> x == null ? -7 : x), s -> s.map(x -> x == null ? -7 : x));
            case 4 -> new Op("flatMap%" + k, s -> s.flatMap(x -> x == null ? null : IntStream.range(0, Math.floorMod(x, k)).mapToObj(i -> x + i)),
                    s -> s.flatMap(x -> x == null ? null : IntStream.range(0, Math.floorMod(x, k)).mapToObj(i -> x + i)));
            case 5 -> new Op("int", s -> s.mapToInt(x -> x == null ? 0 : x).map(x -> x + c).filter(x -> x % k != 1).boxed(),
                    s -> s.mapToInt(x -> x == null ? 0 : x).map(x -> x + c).filter(x -> x % k != 1).boxed());
            case 6 -> new Op("long", s -> s.mapToLong(x -> x == null ? 0 : x).map(x -> x * 3).mapToInt(x -> (int) x).boxed(),
                    s -> s.mapToLong(x -> x == null ? 0 : x).map(x -> x * 3).mapToInt(x -> (int) x).boxed());
            case 7 -> new Op("double", s -> s.mapToDouble(x -> x == null ? 0 : x).map(x -> x / 2).mapToLong(x -> (long) x).mapToObj(x -> (int) x),
                    s -> s.mapToDouble(x -> x == null ? 0 : x).map(x -> x / 2).mapToLong(x -> (long) x).mapToObj(x -> (int) x));
            case 8 -> new Op("intFlat", s -> s.mapToInt(x -> x == null ? 1 : x).flatMap(x -> IntStream.range(0, Math.floorMod(x, 3))).boxed(),
                    s -> s.mapToInt(x -> x == null ? 1 : x).flatMap(x -> IntStream.range(0, Math.floorMod(x, 3))).boxed());
            case 9 -> new Op("peek", s -> s.peek(x -> { }), s -> s.peek(x -> { }));
            case 10 -> new Op("asLong", s -> s.mapToInt(x -> x == null ? 0 : x).asLongStream().map(x -> x - c).mapToObj(x -> (int) x),
                    s -> s.mapToInt(x -> x == null ? 0 : x).asLongStream().map(x -> x - c).mapToObj(x -> (int) x));
            default -> new Op("filterNull", s -> s.filter(Objects::nonNull), s -> s.filter(Objects::nonNull));
        };
    }

    /** A source, with its JDK twin. */
    record Src(String name, Supplier<ParStream<Integer>> par, Supplier<Stream<Integer>> seq) {
    }

    static Src randomSource(Random r) {
        int n = switch (r.nextInt(6)) {
            case 0 -> r.nextInt(3);
            case 1 -> r.nextInt(20);
            case 2 -> r.nextInt(300);
            case 3 -> r.nextInt(5_000);
            case 4 -> 20_000 + r.nextInt(50_000);
            default -> r.nextInt(2_000);
        };
        boolean withNulls = r.nextInt(3) == 0;
        Integer[] a = new Integer[n];
        int bound = 1 + r.nextInt(r.nextBoolean() ? 10 : 100_000);
        for (int i = 0; i < n; i++) {
            a[i] = withNulls && r.nextInt(10) == 0 ? null : r.nextInt(bound) - bound / 3;
        }
        List<Integer> list = Arrays.asList(a);
        String d = "n=" + n + (withNulls ? " nulls" : "");
        return switch (r.nextInt(8)) {
            case 0 -> new Src("array " + d, () -> Par.of(a), () -> Arrays.stream(a));
            case 1 -> new Src("arrayList " + d, () -> Par.of(new ArrayList<>(list)), () -> new ArrayList<>(list).stream());
            case 2 -> new Src("linkedList " + d, () -> Par.of(new LinkedList<>(list)), () -> new LinkedList<>(list).stream());
            case 3 -> {
                HashSet<Integer> set = new HashSet<>(list);
                yield new Src("hashSet " + d, () -> Par.of(set), set::stream);
            }
            case 4 -> new Src("iterate n=" + n, () -> Par.of(Stream.iterate(0, i -> i + 3).limit(n)), () -> Stream.iterate(0, i -> i + 3).limit(n));
            case 5 -> {
                int[] ints = new int[n];
                for (int i = 0; i < n; i++) {
                    ints[i] = a[i] == null ? 0 : a[i];
                }
                yield new Src("int[] n=" + n, () -> Par.of(ints).boxed(), () -> Arrays.stream(ints).boxed());
            }
            case 6 -> {
                int lo = r.nextInt(100) - 50;
                yield new Src("range n=" + n, () -> Par.range(lo, lo + n).boxed(), () -> IntStream.range(lo, lo + n).boxed());
            }
            default -> new Src("subArray " + d, () -> Par.of(a, n / 3, n - n / 4), () -> Arrays.stream(a, n / 3, n - n / 4));
        };
    }

    /** A terminal operation, on both forms; returns comparable results. */
    record Term(String name, Function<ParStream<Integer>, Object> par, Function<Stream<Integer>, Object> seq) {
    }

    static final Comparator<Integer> NULLS_FIRST = Comparator.nullsFirst(Comparator.naturalOrder());

    static List<Term> terms(Random r) {
        int k = 2 + r.nextInt(6);
        List<Term> t = new ArrayList<>();
        t.add(new Term("toList", ParStream::toList, Stream::toList));
        t.add(new Term("collect(toList)", s -> s.collect(Collectors.toList()), s -> s.collect(Collectors.toList())));
        t.add(new Term("toArray", s -> Arrays.asList(s.toArray(Integer[]::new)), s -> Arrays.asList(s.toArray(Integer[]::new))));
        t.add(new Term("toArray()", s -> Arrays.asList(s.toArray()), s -> Arrays.asList(s.toArray())));
        t.add(new Term("count", ParStream::count, Stream::count));
        t.add(new Term("concat", s -> s.map(String::valueOf).reduce("", String::concat), s -> s.map(String::valueOf).reduce("", String::concat)));
        t.add(new Term("reduce3", s -> s.reduce(new ArrayList<Integer>(), (l, x) -> { List<Integer> m = new ArrayList<>(l); m.add(x); return (ArrayList<Integer>) m; }, (l, m) -> { ArrayList<Integer> c = new ArrayList<>(l); c.addAll(m); return c; }),
                s -> s.reduce(new ArrayList<Integer>(), (l, x) -> { List<Integer> m = new ArrayList<>(l); m.add(x); return (ArrayList<Integer>) m; }, (l, m) -> { ArrayList<Integer> c = new ArrayList<>(l); c.addAll(m); return c; })));
        t.add(new Term("reduceOpt", s -> s.filter(Objects::nonNull).map(String::valueOf).reduce((x, y) -> x + "," + y), s -> s.filter(Objects::nonNull).map(String::valueOf).reduce((x, y) -> x + "," + y)));
        t.add(new Term("reduceOptNulls", s -> s.reduce((x, y) -> x == null ? y : x), s -> s.reduce((x, y) -> x == null ? y : x)));
        // min/max over values that tie (x / k), told apart by identity: the first of equals must win.
        t.add(new Term("min", s -> s.map(x -> x == null ? null : new int[] {x / k, x}).min(Comparator.nullsFirst(Comparator.comparingInt((int[] v) -> v[0]))).map(v -> v == null ? null : v[1]),
                s -> s.map(x -> x == null ? null : new int[] {x / k, x}).min(Comparator.nullsFirst(Comparator.comparingInt((int[] v) -> v[0]))).map(v -> v == null ? null : v[1])));
        t.add(new Term("max", s -> s.filter(Objects::nonNull).map(x -> new int[] {x / k, x}).max(Comparator.comparingInt((int[] v) -> v[0])).map(v -> v[1]),
                s -> s.filter(Objects::nonNull).map(x -> new int[] {x / k, x}).max(Comparator.comparingInt((int[] v) -> v[0])).map(v -> v[1])));
        t.add(new Term("anyMatch", s -> s.anyMatch(x -> x != null && x % k == 1), s -> s.anyMatch(x -> x != null && x % k == 1)));
        t.add(new Term("allMatch", s -> s.allMatch(x -> x == null || x % k != 3), s -> s.allMatch(x -> x == null || x % k != 3)));
        t.add(new Term("noneMatch", s -> s.noneMatch(x -> x != null && x > 1000 * k), s -> s.noneMatch(x -> x != null && x > 1000 * k)));
        t.add(new Term("findFirst", ParStream::findFirst, Stream::findFirst));
        t.add(new Term("findFirstFiltered", s -> s.filter(x -> x != null && x % k == 0).findFirst(), s -> s.filter(x -> x != null && x % k == 0).findFirst()));
        t.add(new Term("groupingBy", s -> s.collect(Collectors.groupingBy(x -> x == null ? -1 : Math.floorMod(x, k), TreeMap::new, Collectors.toList())),
                s -> s.collect(Collectors.groupingBy(x -> x == null ? -1 : Math.floorMod(x, k), TreeMap::new, Collectors.toList()))));
        t.add(new Term("groupingByNullKey", s -> s.collect(Collectors.groupingBy(x -> x)), s -> s.collect(Collectors.groupingBy(x -> x))));
        t.add(new Term("toMapMerge", s -> s.filter(Objects::nonNull).collect(Collectors.toMap(x -> x % k, x -> String.valueOf(x), (x, y) -> x + "+" + y, TreeMap::new)),
                s -> s.filter(Objects::nonNull).collect(Collectors.toMap(x -> x % k, x -> String.valueOf(x), (x, y) -> x + "+" + y, TreeMap::new))));
        t.add(new Term("toMapDuplicates", s -> s.filter(Objects::nonNull).collect(Collectors.toMap(x -> x % k, x -> x)).size(),
                s -> s.filter(Objects::nonNull).collect(Collectors.toMap(x -> x % k, x -> x)).size()));
        t.add(new Term("joining", s -> s.map(String::valueOf).collect(Collectors.joining(",", "[", "]")), s -> s.map(String::valueOf).collect(Collectors.joining(",", "[", "]"))));
        t.add(new Term("collect3", s -> s.collect(ArrayList::new, ArrayList::add, ArrayList::addAll), s -> s.collect(ArrayList::new, ArrayList::add, ArrayList::addAll)));
        t.add(new Term("forEach", s -> {
            List<Integer> seen = Collections.synchronizedList(new ArrayList<>());
            s.forEach(seen::add);
            seen.sort(NULLS_FIRST);
            return seen;
        }, s -> s.sorted(NULLS_FIRST).toList()));
        t.add(new Term("findAny", s -> s.findAny().map(x -> x).orElse(Integer.MIN_VALUE), s -> s.collect(Collectors.toList())));
        t.add(new Term("intSum", s -> s.mapToInt(x -> x == null ? 5 : x).sum(), s -> s.mapToInt(x -> x == null ? 5 : x).sum()));
        t.add(new Term("longSum", s -> s.mapToLong(x -> x == null ? 5 : (long) x * x).sum(), s -> s.mapToLong(x -> x == null ? 5 : (long) x * x).sum()));
        t.add(new Term("doubleSum", s -> s.mapToDouble(x -> x == null ? 0.5 : x).sum(), s -> s.mapToDouble(x -> x == null ? 0.5 : x).sum()));
        t.add(new Term("intStats", s -> s.mapToInt(x -> x == null ? 5 : x).summaryStatistics().toString(), s -> s.mapToInt(x -> x == null ? 5 : x).summaryStatistics().toString()));
        t.add(new Term("longMinMaxAvg", s -> {
            LongParStream l = s.mapToLong(x -> x == null ? 5 : x); // used four times: iterators are reusable
            return List.of(l.min(), l.max(), l.average(), l.count());
        }, s -> {
            List<Integer> all = s.toList();
            Supplier<java.util.stream.LongStream> l = () -> all.stream().mapToLong(x -> x == null ? 5 : x);
            return List.of(l.get().min(), l.get().max(), l.get().average(), l.get().count());
        }));
        t.add(new Term("doubleArray", s -> Arrays.toString(s.mapToDouble(x -> x == null ? -0.0 : x).toArray()), s -> Arrays.toString(s.mapToDouble(x -> x == null ? -0.0 : x).toArray())));
        t.add(new Term("doubleMinMaxAvg", s -> List.of(s.mapToDouble(x -> x == null ? Double.NaN : x).filter(x -> x % k != 0).min(),
                s.mapToDouble(x -> x == null ? -0.0 : x).max(), s.mapToDouble(x -> x == null ? 0.25 : x).average()), s -> {
                    List<Integer> all = s.toList();
                    return List.of(all.stream().mapToDouble(x -> x == null ? Double.NaN : x).filter(x -> x % k != 0).min(),
                            all.stream().mapToDouble(x -> x == null ? -0.0 : x).max(), all.stream().mapToDouble(x -> x == null ? 0.25 : x).average());
                }));
        t.add(new Term("intFindFirst", s -> s.mapToInt(x -> x == null ? 0 : x).filter(x -> x % k == 1).findFirst(), s -> s.mapToInt(x -> x == null ? 0 : x).filter(x -> x % k == 1).findFirst()));
        t.add(new Term("longArray", s -> Arrays.toString(s.mapToLong(x -> x == null ? 0 : x).toArray()), s -> Arrays.toString(s.mapToLong(x -> x == null ? 0 : x).toArray())));
        t.add(new Term("intReduce", s -> List.of(s.mapToInt(x -> x == null ? 0 : x).reduce(Integer.MIN_VALUE, Math::max), s.mapToInt(x -> x == null ? 0 : x).reduce(Integer::sum)),
                s -> {
                    List<Integer> all = s.toList();
                    return List.of(all.stream().mapToInt(x -> x == null ? 0 : x).reduce(Integer.MIN_VALUE, Math::max),
                            all.stream().mapToInt(x -> x == null ? 0 : x).reduce(Integer::sum));
                }));
        return t;
    }

    /** The value, or the class of what was thrown (a parallel failure's cause). */
    static Object outcome(Supplier<Object> run) {
        try {
            return run.get();
        } catch (TaskFailedException e) {
            return e.getCause().getClass();
        } catch (RuntimeException e) {
            return e.getClass();
        }
    }

    @Test
    void generatedPipelinesEqualTheSequentialStream() {
        long seed = Long.getLong("weft.par.seed", System.nanoTime());
        Random r = new Random(seed);
        int cases = Integer.getInteger("weft.par.cases", 300);
        for (int c = 0; c < cases; c++) {
            Src src = randomSource(r);
            List<Op> ops = new ArrayList<>();
            for (int i = r.nextInt(4); i > 0; i--) {
                ops.add(randomOp(r));
            }
            List<Term> terms = terms(r);
            Term term = terms.get(r.nextInt(terms.size()));
            if (src.name().startsWith("iterate") && (term.name().endsWith("MinMaxAvg") || term.name().equals("intReduce"))) {
                term = terms.get(0); // a stream's iterator runs once (see streamSourcesRunOnce)
            }
            int pi = r.nextInt(pools.length);
            WeftPool pool = pools[pi];
            int mode = r.nextInt(3);
            Term term0 = term;
            String what = "seed " + seed + " case " + c + ": " + src.name() + " " + ops + " " + term.name()
                    + " on " + SIZES[pi] + " workers, mode " + mode;
            Supplier<Object> par = () -> {
                ParStream<Integer> s = src.par().get();
                if (mode == 1) {
                    s = s.on(pool);
                }
                for (Op op : ops) {
                    s = op.par().apply(s);
                }
                return term0.par().apply(s);
            };
            Supplier<Object> seq = () -> {
                Stream<Integer> s = src.seq().get();
                for (Op op : ops) {
                    s = op.seq().apply(s);
                }
                return term0.seq().apply(s);
            };
            Object got = mode == 0 ? pool.invoke(() -> outcome(par)) : outcome(par);
            if (term.name().equals("findAny")) {
                @SuppressWarnings("unchecked")
                List<Integer> all = (List<Integer>) seq.get();
                if (got instanceof Integer v && v != Integer.MIN_VALUE) {
                    assertTrue(all.contains(v), what + ": " + v + " is not an element");
                } else if (got == NullPointerException.class) {
                    assertTrue(all.contains(null), what + ": NPE without a null element");
                } else {
                    assertTrue(all.isEmpty(), what + ": nothing found in " + all.size() + " elements");
                }
            } else {
                assertEquals(outcome(seq), got, what);
            }
        }
    }

    @Test
    void streamSourcesRunOnceCollectionsAgain() {
        ParStream<Integer> once = Par.of(Stream.of(1, 2, 3));
        assertEquals(6, once.mapToInt(x -> x).sum());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, once::count);
        ParStream<Integer> again = Par.of(new LinkedList<>(List.of(1, 2, 3)));
        assertEquals(6, again.mapToInt(x -> x).sum());
        assertEquals(List.of(1, 2, 3), again.toList());
    }

    @Test
    void emptyAndSingletonSources() {
        for (WeftPool p : pools) {
            assertEquals(List.of(), Par.of(new Integer[0]).on(p).toList());
            assertEquals(Optional.empty(), Par.of(List.<String>of()).on(p).findFirst());
            assertEquals(0, Par.range(5, 5).on(p).sum());
            assertEquals(java.util.OptionalInt.empty(), Par.range(5, 3).on(p).max());
            assertEquals(Arrays.asList((String) null), Par.of(new String[] {null}).on(p).toList());
            assertEquals(Optional.of("a"), Par.of("a").on(p).reduce(String::concat));
            assertEquals(42L, Par.range(41L, 42L).on(p).map(x -> x + 1).sum());
            assertEquals(1, Par.of(new double[] {2.5}).on(p).count());
        }
    }
}
