package dev.weft.detect.rules;

import com.github.javaparser.ast.Node;
import dev.weft.detect.Bottleneck;
import dev.weft.detect.analysis.TaskBody;

/**
 * The check for one bottleneck. {@link Analysis} walks each body of task code once and shows every node to
 * every enabled rule, so a rule only says what it looks for.
 */
interface Rule {
    Bottleneck bottleneck();

    /** Called once per body of task code, before its nodes. */
    default void enter(TaskBody body, RuleContext ctx) {
    }

    /** Called for each node of a body of task code, in tree order. */
    void visit(Node node, TaskBody body, RuleContext ctx);

    /** Called once per body of task code, after its nodes: for findings that sum up a whole body. */
    default void exit(TaskBody body, RuleContext ctx) {
    }
}
