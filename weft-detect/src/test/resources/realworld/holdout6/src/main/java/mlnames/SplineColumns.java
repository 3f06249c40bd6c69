package mlnames;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveAction;

/**
 * Generates the names of the basis columns of one smoothing term per subtask (shaped like the column naming of a
 * GAM builder): each name is built in a buffer of the helper's own. The builder's audit trail is one buffer that
 * every subtask appends to.
 */
public class SplineColumns extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final String[][] predictors;
    private final int[] knots;
    private final int term;
    private final List<String> out;
    private final StringBuffer audit;

    public SplineColumns(String[][] predictors, int[] knots, int term, List<String> out, StringBuffer audit) {
        this.predictors = predictors;
        this.knots = knots;
        this.term = term;
        this.out = out;
        this.audit = audit;
    }

    @Override
    protected void compute() {
        if (term < 0) {
            List<SplineColumns> all = new ArrayList<>();
            for (int t = 0; t < predictors.length; t++) {
                all.add(new SplineColumns(predictors, knots, t, new ArrayList<>(), audit));
            }
            invokeAll(all);
            for (SplineColumns c : all) {
                out.addAll(c.out);   // miss: B3
            }
            return;
        }
        String stub = stub(predictors[term], knots[term]);
        for (int k = 0; k < knots[term]; k++) {
            out.add(NameUtil.basisName(stub, k));
        }
        audit.append(term);   // expect: B5
        audit.append(':');
        audit.append(out.size()).append('\n');
    }

    /** "x1_x2_5_": the predictors of the term and its knot count. */
    static String stub(String[] names, int knotCount) {
        StringBuffer sb = new StringBuffer();
        for (String n : names) {
            sb.append(n);
            sb.append("_");
        }
        sb.append(knotCount);
        sb.append("_");
        return sb.toString();
    }
}
