package dev.weft.bench.streams;

import dev.weft.Par;
import dev.weft.WeftPool;
import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * Map–filter–collect over a list of objects: keep the items whose score is a multiple of 3, map each to a
 * new object, collect them in order into a list ({@code Stream.toList()}).
 */
public final class MapFilterCollect extends StreamsSuite.SuiteProgram {
    @Override
    public String name() {
        return "mapfilter";
    }

    @Override
    public String description() {
        return "filter(score % 3 == 0).map(new Scored(..)).toList() over an ArrayList of objects, order kept";
    }

    @Override
    public Workload create(boolean quick) {
        return new Work(quick ? 200_000 : 1_000_000);
    }

    /** An input element. */
    record Item(long id, long score) {
    }

    /** An output element. */
    record Scored(long id, long value) {
        static Scored of(Item it) {
            return new Scored(it.id(), it.score() * it.score() + it.id() % 7);
        }
    }

    static boolean kept(Item it) {
        return it.score() % 3 == 0;
    }

    static List<Item> items(int n) {
        List<Item> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            items.add(new Item(i, Inputs.below(Inputs.SEED + 1, i, 1000)));
        }
        return items;
    }

    /** A list of {@link Scored} as "size/hash" (each element's id then value, in order). */
    static String digest(List<?> list) {
        long h = Inputs.START;
        for (Object o : list) {
            Scored s = (Scored) o;
            h = Inputs.step(Inputs.step(h, s.id()), s.value());
        }
        return list.size() + "/" + Long.toUnsignedString(h);
    }

    static final class Work extends StreamsSuite.SuiteWorkload {
        final List<Item> items;
        private final String expected;

        Work(int n) {
            items = items(n);
            // Independently: the kept items' digest straight from the generator, without the list.
            long h = Inputs.START;
            int size = 0;
            for (int i = 0; i < n; i++) {
                long score = Inputs.below(Inputs.SEED + 1, i, 1000);
                if (score % 3 == 0) {
                    h = Inputs.step(Inputs.step(h, i), score * score + i % 7);
                    size++;
                }
            }
            expected = size + "/" + Long.toUnsignedString(h);
        }

        @Override
        public String label() {
            return "mapfilter(" + Checks.count(items.size()) + ")";
        }

        @Override
        Object loop() {
            List<Scored> out = new ArrayList<>();
            for (Item it : items) {
                if (kept(it)) {
                    out.add(Scored.of(it));
                }
            }
            return out;
        }

        @Override
        Object stream() {
            return items.stream().filter(MapFilterCollect::kept).map(Scored::of).toList();
        }

        @Override
        Object parallelStream() {
            return items.parallelStream().filter(MapFilterCollect::kept).map(Scored::of).toList();
        }

        @Override
        Object weft(WeftPool pool) {
            return Par.of(items).on(pool).filter(MapFilterCollect::kept).map(Scored::of).toList();
        }

        @Override
        String answer(Object result) {
            return result instanceof String s ? s : digest((List<?>) result);
        }

        @Override
        String expected() {
            return expected;
        }
    }
}
