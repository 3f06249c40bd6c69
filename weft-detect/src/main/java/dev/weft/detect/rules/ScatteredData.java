package dev.weft.detect.rules;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.stmt.Statement;
import dev.weft.detect.Bottleneck;
import dev.weft.detect.analysis.Forks;
import dev.weft.detect.analysis.Snippets;
import dev.weft.detect.analysis.TaskBody;
import java.util.List;

/**
 * B4, scattered data: a loop whose iterations each prepare a subtask and fork it (a-b-a-b...), instead of
 * building the subtasks first and forking them together.
 *
 * <p>Not this bottleneck: a loop that only forks tasks built before it ({@code for (t : tasks) t.fork()}),
 * and CountedCompleter code, whose idiom is exactly to fork one completer per step and never join them.
 */
final class ScatteredData implements Rule {

    @Override
    public Bottleneck bottleneck() {
        return Bottleneck.B4;
    }

    @Override
    public void visit(Node node, TaskBody body, RuleContext ctx) {
        if (!Forks.isLoop(node)) {
            return;
        }
        List<MethodCallExpr> forks = ctx.forks().preparedForks((Statement) node);
        if (!forks.isEmpty()) {
            MethodCallExpr f = forks.get(0);
            MethodDeclaration helper = ctx.forks().forkingHelper(f);
            String how = helper == null ? Snippets.text(f)
                    : Snippets.text(f) + ", which creates a subtask and forks it in " + helper.getNameAsString() + "()";
            ctx.report(node, Bottleneck.B4, "this loop prepares and forks one subtask per iteration (" + how
                    + "), a-b-a-b: " + COST + " " + FIX, body);
        }
    }

    private static final String COST = "allocating each subtask's data and publishing it alternate, so the data of"
            + " consecutive subtasks end up scattered, thieves wake for each fork before the rest exist, and the"
            + " forking worker's cache is churned (data management layer: scattered data).";
    private static final String FIX = "Build all the subtasks first (into a list), then fork them in a second loop"
            + " (or hand them to invokeAll(...) if nothing else runs before they are joined).";
}
