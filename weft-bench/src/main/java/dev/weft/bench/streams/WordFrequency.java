package dev.weft.bench.streams;

import static java.util.stream.Collectors.counting;
import static java.util.stream.Collectors.groupingBy;

import dev.weft.Par;
import dev.weft.WeftPool;
import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Word frequency: {@code groupingBy(word, counting())} over the words of a generated text. The text has
 * {@link #VOCABULARY} distinct words, drawn skewed (the lesser of two uniform draws) so that a few are
 * common, as in prose; it is split into words once, when the workload is made.
 */
public final class WordFrequency extends StreamsSuite.SuiteProgram {
    static final int VOCABULARY = 5000;

    @Override
    public String name() {
        return "wordfreq";
    }

    @Override
    public String description() {
        return "word frequency: collect(groupingBy(w -> w, counting())) over a generated text's words";
    }

    @Override
    public Workload create(boolean quick) {
        return new Work(quick ? 400_000 : 2_000_000);
    }

    /** The rank of word {@code i} of the text: the lesser of two uniform draws below {@link #VOCABULARY}. */
    static int rank(int i) {
        return (int) Math.min(Inputs.below(Inputs.SEED + 2, i, VOCABULARY), Inputs.below(Inputs.SEED + 3, i, VOCABULARY));
    }

    /** The text of {@code n} words, separated by single spaces. */
    static String text(int n) {
        StringBuilder sb = new StringBuilder(n * 6);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append('w').append(rank(i));
        }
        return sb.toString();
    }

    /** "distinct/total/hash": the hash is the wrapping sum over entries of mix(fnv(word) + count), so order-free. */
    static String digest(Map<?, ?> counts) {
        long total = 0;
        long h = 0;
        for (Map.Entry<?, ?> e : counts.entrySet()) {
            long c = ((Number) e.getValue()).longValue();
            total += c;
            h += Inputs.mix(Inputs.fnv((String) e.getKey()) + c);
        }
        return counts.size() + "/" + total + "/" + Long.toUnsignedString(h);
    }

    static final class Work extends StreamsSuite.SuiteWorkload {
        final String[] words;
        private final String expected;

        Work(int n) {
            words = text(n).split(" ");
            // Independently: counts by rank straight from the generator, no text and no map.
            long[] byRank = new long[VOCABULARY];
            for (int i = 0; i < n; i++) {
                byRank[rank(i)]++;
            }
            long h = 0;
            int distinct = 0;
            for (int r = 0; r < VOCABULARY; r++) {
                if (byRank[r] > 0) {
                    distinct++;
                    h += Inputs.mix(Inputs.fnv("w" + r) + byRank[r]);
                }
            }
            expected = distinct + "/" + n + "/" + Long.toUnsignedString(h);
        }

        @Override
        public String label() {
            return "wordfreq(" + Checks.count(words.length) + " words)";
        }

        @Override
        Object loop() {
            Map<String, Long> counts = new HashMap<>();
            for (String w : words) {
                counts.merge(w, 1L, Long::sum);
            }
            return counts;
        }

        @Override
        Object stream() {
            return Arrays.stream(words).collect(groupingBy(Function.identity(), counting()));
        }

        @Override
        Object parallelStream() {
            return Arrays.stream(words).parallel().collect(groupingBy(Function.identity(), counting()));
        }

        @Override
        Object weft(WeftPool pool) {
            return Par.of(words).on(pool).collect(groupingBy(Function.identity(), counting()));
        }

        @Override
        String answer(Object result) {
            return result instanceof String s ? s : digest((Map<?, ?>) result);
        }

        @Override
        String expected() {
            return expected;
        }
    }
}
