package dev.weft.detect.rules;

import com.github.javaparser.ast.Node;
import dev.weft.detect.Bottleneck;
import dev.weft.detect.analysis.TaskBody;

/**
 * A finding as the rules see it: still attached to its syntax node, so that {@code --fix} can rewrite there.
 *
 * @param node       the offending construct (the position reported is its start)
 * @param bottleneck which bottleneck
 * @param note       whether it is only a note (see {@link dev.weft.detect.Finding.Level#NOTE})
 * @param message    the full message, including where in task code it is
 * @param body       the task code it was found in
 */
public record Hit(Node node, Bottleneck bottleneck, boolean note, String message, TaskBody body) {

    public int line() {
        return node.getBegin().map(p -> p.line).orElse(0);
    }

    public int column() {
        return node.getBegin().map(p -> p.column).orElse(0);
    }
}
