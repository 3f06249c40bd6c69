package at.jku.ecco.feature;

import java.util.List;

/** A node of an artifact tree, traced to the features that introduced it. */
public record Artifact(String id, List<String> features, List<Artifact> children) {
}
