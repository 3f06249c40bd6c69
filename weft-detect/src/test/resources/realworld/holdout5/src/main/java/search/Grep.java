package search;

import dev.weft.Weft;
import java.util.ArrayList;
import java.util.List;

/** Greps a list of in-memory documents for a word with Weft: matching lines gathered by a parallel reduction. */
public class Grep {

    static List<String> matches(String doc, String word) {
        List<String> out = new ArrayList<>();
        for (String line : doc.split("\n")) {
            if (line.contains(word)) {
                out.add(line);
            }
        }
        return out;
    }

    public static List<String> grep(List<String> docs, String word) {
        return Weft.parallelReduce(0, docs.size(), new ArrayList<String>(),
                i -> matches(docs.get(i), word),
                (a, b) -> {
                    List<String> both = new ArrayList<>(a.size() + b.size());
                    both.addAll(a);   // expect: B3
                    both.addAll(b);   // expect: B3
                    return both;
                });
    }

    /** Counting only: nothing is gathered. */
    public static int count(List<String> docs, String word) {
        return Weft.parallelReduceInt(0, docs.size(), 0, i -> matches(docs.get(i), word).size(), Integer::sum);
    }
}
