package pipeline;

import dev.weft.Weft;
import java.util.ArrayList;
import java.util.List;

/** Enriches customer records with Weft: loads two sources in parallel, then scores every record. */
public class Enrich {

    /** A record after enrichment. */
    public record Scored(String id, double score) {
    }

    private final List<Scored> results = new ArrayList<>();

    static List<String> load(String source, int n) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(source + "-" + i);
        }
        return ids;
    }

    static double score(String id) {
        double s = 0;
        for (char c : id.toCharArray()) {
            s = s * 31 + c;
        }
        return s % 1000;
    }

    public List<Scored> run(int n) {
        List<String> ids = Weft.join(() -> load("crm", n), () -> load("shop", n), (a, b) -> {
            List<String> all = new ArrayList<>(a);   // expect: B3
            all.addAll(b);   // expect: B3
            return all;
        });
        Weft.parallelFor(0, ids.size(), i -> {
            Scored s = new Scored(ids.get(i), score(ids.get(i)));
            synchronized (results) {   // expect: B5
                results.add(s);
            }
        });
        return results;
    }

    /** The same scoring into an array slot per record: nothing shared but the array. */
    public Scored[] runInPlace(List<String> ids) {
        Scored[] out = new Scored[ids.size()];
        Weft.parallelFor(0, ids.size(), i -> out[i] = new Scored(ids.get(i), score(ids.get(i))));
        return out;
    }
}
