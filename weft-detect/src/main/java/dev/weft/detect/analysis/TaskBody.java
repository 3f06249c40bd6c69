package dev.weft.detect.analysis;

import com.github.javaparser.ast.Node;
import java.util.ArrayList;
import java.util.List;

/**
 * A piece of code that runs as part of a task: an entry point (a task's {@code compute()}, a lambda handed to
 * {@code Weft.async}, ...) or a method of the analysed sources that one reaches through calls.
 *
 * @param root     the method, constructor or lambda
 * @param name     how messages name it, e.g. {@code SumTask.compute()}
 * @param caller   the body whose call reached this one; null for an entry point
 * @param callSite the call in {@code caller}; null for an entry point
 */
public record TaskBody(Node root, String name, TaskBody caller, Node callSite) {

    public boolean isEntry() {
        return caller == null;
    }

    /** The entry point this body was reached from. */
    public TaskBody entry() {
        TaskBody b = this;
        while (b.caller != null) {
            b = b.caller;
        }
        return b;
    }

    /**
     * Where, for messages: {@code "in task code SumTask.compute()"}, or for a reached method the call chain,
     * {@code "in Util.slow(), reached from SumTask.compute() -> Util.helper()"}.
     */
    public String where() {
        if (isEntry()) {
            return "in task code " + name;
        }
        List<String> chain = new ArrayList<>();
        for (TaskBody b = caller; b != null; b = b.caller) {
            chain.add(0, b.name);
        }
        if (chain.size() > 3) {
            chain = List.of(chain.get(0), "...", chain.get(chain.size() - 1));
        }
        return "in " + name + ", reached from " + String.join(" -> ", chain);
    }
}
