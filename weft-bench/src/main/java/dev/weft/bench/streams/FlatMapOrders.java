package dev.weft.bench.streams;

import dev.weft.Par;
import dev.weft.WeftPool;
import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code flatMap} of nested lists: orders of 0 to 19 lines each, flattened to their lines and summed
 * ({@code orders.flatMap(o -> o.lines().stream()).mapToLong(Line::cents).sum()}).
 */
public final class FlatMapOrders extends StreamsSuite.SuiteProgram {
    @Override
    public String name() {
        return "flatmap";
    }

    @Override
    public String description() {
        return "flatMap(o -> o.lines().stream()).mapToLong(Line::cents).sum() over orders of 0-19 lines";
    }

    @Override
    public Workload create(boolean quick) {
        return new Work(quick ? 40_000 : 200_000);
    }

    /** An order line. */
    record Line(long sku, long cents) {
    }

    /** An order and its lines. */
    record Order(long id, List<Line> lines) {
    }

    static int lineCount(int order) {
        return (int) Inputs.below(Inputs.SEED + 4, order, 20);
    }

    static long cents(int order, int line) {
        return Inputs.below(Inputs.SEED + 5, (long) order * 32 + line, 100_000);
    }

    static final class Work extends StreamsSuite.SuiteWorkload {
        final List<Order> orders;
        private final String expected;
        private final long lines;

        Work(int n) {
            orders = new ArrayList<>(n);
            long total = 0;
            long count = 0;
            for (int o = 0; o < n; o++) {
                int k = lineCount(o);
                List<Line> ls = new ArrayList<>(k);
                for (int l = 0; l < k; l++) {
                    ls.add(new Line(l, cents(o, l)));
                    total += cents(o, l);
                }
                count += k;
                orders.add(new Order(o, ls));
            }
            expected = Long.toString(total);
            lines = count;
        }

        @Override
        public String label() {
            return "flatmap(" + Checks.count(orders.size()) + " orders, " + lines + " lines)";
        }

        @Override
        Object loop() {
            long s = 0;
            for (Order o : orders) {
                for (Line l : o.lines()) {
                    s += l.cents();
                }
            }
            return s;
        }

        @Override
        Object stream() {
            return orders.stream().flatMap(o -> o.lines().stream()).mapToLong(Line::cents).sum();
        }

        @Override
        Object parallelStream() {
            return orders.parallelStream().flatMap(o -> o.lines().stream()).mapToLong(Line::cents).sum();
        }

        @Override
        Object weft(WeftPool pool) {
            return Par.of(orders).on(pool).flatMap(o -> o.lines().stream()).mapToLong(Line::cents).sum();
        }

        @Override
        String answer(Object result) {
            return result.toString();
        }

        @Override
        String expected() {
            return expected;
        }
    }
}
