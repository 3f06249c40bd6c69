package dev.weft.detect.rules;

import dev.weft.detect.Bottleneck;
import dev.weft.detect.analysis.Resolver;
import dev.weft.detect.analysis.TaskBody;
import dev.weft.detect.analysis.TaskCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Runs the rules of the selected bottlenecks over all task code. */
public final class Analysis {
    private Analysis() {
    }

    /** Every rule, B1 to B6. */
    public static List<Rule> allRules() {
        return List.of(new CentralizedPooling(), new CopyOnFork(), new CopyOnJoin(), new ScatteredData(),
                new IntraTaskSynchronization(), new SleepyWorkers());
    }

    /** The hits of the rules for {@code selected} in {@code code}, each construct reported once per bottleneck. */
    public static List<Hit> run(Resolver resolver, TaskCode code, Set<Bottleneck> selected) {
        List<Rule> rules = new ArrayList<>();
        for (Rule r : allRules()) {
            if (selected.contains(r.bottleneck())) {
                rules.add(r);
            }
        }
        RuleContext ctx = new RuleContext(resolver, code);
        for (TaskBody body : code.bodies()) {
            for (Rule r : rules) {
                r.enter(body, ctx);
            }
            code.walk(body.root(), true, node -> {
                for (Rule r : rules) {
                    r.visit(node, body, ctx);
                }
            });
            for (Rule r : rules) {
                r.exit(body, ctx);
            }
        }
        return ctx.hits();
    }
}
