package dev.weft.detect.rules;

import com.github.javaparser.ast.Node;
import dev.weft.detect.Bottleneck;
import dev.weft.detect.analysis.Bindings;
import dev.weft.detect.analysis.CallTargets;
import dev.weft.detect.analysis.ExpressionTypes;
import dev.weft.detect.analysis.Forks;
import dev.weft.detect.analysis.JoinedValues;
import dev.weft.detect.analysis.Resolver;
import dev.weft.detect.analysis.TaskBody;
import dev.weft.detect.analysis.TaskCode;
import dev.weft.detect.analysis.TypeNames;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** What rules share: the resolver, the task code, and the findings so far. */
final class RuleContext {
    private final Resolver resolver;
    private final TaskCode code;
    private final List<Hit> hits = new ArrayList<>();
    private final Map<Node, EnumSet<Bottleneck>> reported = new IdentityHashMap<>();

    RuleContext(Resolver resolver, TaskCode code) {
        this.resolver = resolver;
        this.code = code;
    }

    Resolver resolver() {
        return resolver;
    }

    TypeNames names() {
        return resolver.names();
    }

    Bindings bindings() {
        return resolver.bindings();
    }

    ExpressionTypes expressions() {
        return resolver.expressions();
    }

    CallTargets calls() {
        return resolver.calls();
    }

    JoinedValues joined() {
        return resolver.joinedValues();
    }

    Forks forks() {
        return resolver.forks();
    }

    TaskCode code() {
        return code;
    }

    List<Hit> hits() {
        return hits;
    }

    /**
     * Records a finding at {@code at}, once per construct and bottleneck (a construct may be reached through
     * several bodies, e.g. a lambda inside {@code compute()} that is also an entry point itself).
     */
    void report(Node at, Bottleneck b, String message, TaskBody body) {
        add(at, b, false, message, body);
    }

    /** Records a note at {@code at}: the construct of a bottleneck where, as written, it costs little. */
    void note(Node at, Bottleneck b, String message, TaskBody body) {
        add(at, b, true, message, body);
    }

    private void add(Node at, Bottleneck b, boolean note, String message, TaskBody body) {
        if (reported.computeIfAbsent(at, k -> EnumSet.noneOf(Bottleneck.class)).add(b)) {
            hits.add(new Hit(at, b, note, message + " (" + body.where() + ")", body));
        }
    }
}
