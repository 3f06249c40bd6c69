package graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

/** Breadth-first search, level by level: the frontier is cut into chunks, each expanded by a subtask. */
public class LevelSearch extends RecursiveAction {
    private static final long serialVersionUID = 1L;
    static final int CHUNK = 256;

    private final Map<Integer, List<Integer>> graph;
    private final int source;
    final Map<Integer, Integer> depth = new ConcurrentHashMap<>();

    public LevelSearch(Map<Integer, List<Integer>> graph, int source) {
        this.graph = graph;
        this.source = source;
    }

    static final class Expand extends RecursiveTask<List<Integer>> {
        private static final long serialVersionUID = 1L;
        private final List<Integer> vertices;
        private final Map<Integer, List<Integer>> graph;
        private final Map<Integer, Integer> depth;
        private final int level;

        Expand(List<Integer> vertices, Map<Integer, List<Integer>> graph, Map<Integer, Integer> depth, int level) {
            this.vertices = vertices;
            this.graph = graph;
            this.depth = depth;
            this.level = level;
        }

        @Override
        protected List<Integer> compute() {
            List<Integer> found = new ArrayList<>();
            for (int v : vertices) {
                for (int w : graph.getOrDefault(v, List.of())) {
                    if (depth.putIfAbsent(w, level + 1) == null) {
                        found.add(w);
                    }
                }
            }
            return found;
        }
    }

    @Override
    protected void compute() {
        depth.put(source, 0);
        List<Integer> frontier = List.of(source);
        for (int level = 0; !frontier.isEmpty(); level++) {
            List<Expand> parts = new ArrayList<>();
            for (int i = 0; i < frontier.size(); i += CHUNK) {
                parts.add(new Expand(frontier.subList(i, Math.min(i + CHUNK, frontier.size())), graph, depth, level));   // expect: B2
            }
            invokeAll(parts);
            List<Integer> next = new ArrayList<>();
            for (Expand e : parts) {
                next.addAll(e.join());   // expect: B3
            }
            frontier = next;
        }
    }
}
