package at.jku.ecco.feature;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/** Collects the features traced anywhere in an artifact tree, one subtask per child subtree. */
public class FeatureCollector extends RecursiveTask<Set<String>> {
    private static final long serialVersionUID = 1L;

    private final Artifact node;

    public FeatureCollector(Artifact node) {
        this.node = node;
    }

    @Override
    protected Set<String> compute() {
        Set<String> features = new HashSet<>(node.features());
        List<Artifact> children = node.children();
        if (children.size() == 1) {
            features.addAll(new FeatureCollector(children.get(0)).compute());   // expect: B3
        } else if (!children.isEmpty()) {
            List<FeatureCollector> subtasks = children.stream().map(FeatureCollector::new).toList();
            ForkJoinTask.invokeAll(subtasks);
            for (FeatureCollector c : subtasks) {
                features.addAll(c.join());   // expect: B3
            }
        }
        return features;
    }
}
