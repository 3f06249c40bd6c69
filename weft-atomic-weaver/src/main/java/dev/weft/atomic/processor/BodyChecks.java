package dev.weft.atomic.processor;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * The checks that read method bodies run once javac has attributed a class (the {@code ANALYZE} event,
 * as Error Prone does): resolving names in unattributed trees from inside annotation processing would
 * attribute them early and upset javac (records' compact constructors, for one). An error reported here
 * still fails the compilation before the class is generated.
 */
final class BodyChecks implements TaskListener {
    private final ProcessingEnvironment env;
    private final Trees trees;
    private final Map<ExecutableElement, BodyScanner.MethodFacts> facts = new LinkedHashMap<>();
    private final Set<TypeElement> scanned = new HashSet<>();
    private final Set<ExecutableElement> reported = new HashSet<>();
    /** Calls of units into helpers that block, reported already. */
    private final Set<com.sun.source.tree.Tree> reportedCalls = new HashSet<>();

    BodyChecks(ProcessingEnvironment env, Trees trees) {
        this.env = env;
        this.trees = trees;
    }

    @Override
    public void finished(TaskEvent e) {
        if (e.getKind() != TaskEvent.Kind.ANALYZE || e.getTypeElement() == null) {
            return;
        }
        TypeElement top = outermost(e.getTypeElement());
        scanWithSupers(top);
        Set<ExecutableElement> units = UnitClosure.of(facts, env);
        for (ExecutableElement m : units) {
            if (outermost(m) == top && reported.add(m)) {
                facts.get(m).reportBlocking(trees, m);
            }
        }
        // Blocking calls made through helpers of this compilation. A helper in a class javac has not analysed
        // yet is followed at a later event (each class comes once), so every unit is looked at again; an error
        // reported after its class was generated still fails the compilation.
        for (ExecutableElement m : units) {
            BodyScanner.MethodFacts f = facts.get(m);
            for (BodyScanner.Blocked c : f.calls) {
                if (reportedCalls.contains(c.tree()) || !facts.containsKey(c.callee())) {
                    continue;
                }
                List<ExecutableElement> via = new ArrayList<>();
                BodyScanner.Blocked b = blockingThrough(c.callee(), new HashSet<>(), via);
                if (b != null && reportedCalls.add(c.tree())) {
                    StringBuilder chain = new StringBuilder();
                    for (ExecutableElement h : via) {
                        chain.append(chain.length() == 0 ? "" : " -> ").append(h.getEnclosingElement().getSimpleName())
                                .append('.').append(h.getSimpleName()).append("()");
                    }
                    f.reportBlockingThrough(trees, m, b, chain.toString(), c);
                }
            }
        }
    }

    /**
     * The first blocking call that {@code m} makes itself or through the methods of this compilation it calls
     * (depth first, each method once), with the helpers on the way in {@code via}; null if none is known.
     * A helper that is a unit of work of its own is followed too: its wait holds the caller's lock as well.
     */
    private BodyScanner.Blocked blockingThrough(ExecutableElement m, Set<ExecutableElement> seen,
            List<ExecutableElement> via) {
        BodyScanner.MethodFacts f = facts.get(m);
        if (f == null || !seen.add(m)) {
            return null;
        }
        via.add(m);
        if (!f.blocking.isEmpty()) {
            return f.blocking.get(0);
        }
        for (BodyScanner.Blocked c : f.calls) {
            BodyScanner.Blocked b = blockingThrough(c.callee(), seen, via);
            if (b != null) {
                return b;
            }
        }
        via.remove(via.size() - 1);
        return null;
    }

    /** Scans {@code top} and, first, the top-level classes of its superclasses that are in this compilation. */
    private void scanWithSupers(TypeElement top) {
        if (!scanned.add(top)) {
            return;
        }
        for (TypeElement s = SetModel.superclass(top); s != null; s = SetModel.superclass(s)) {
            if (trees.getPath(s) != null) {
                scanWithSupers(outermost(s));
            }
        }
        TreePath path = trees.getPath(top);
        if (path != null) {
            CompilationUnitTree unit = path.getCompilationUnit();
            new BodyScanner(env, trees, unit, facts).scan(path, null);
        }
    }

    private static TypeElement outermost(Element e) {
        TypeElement last = null;
        for (Element x = e; x != null; x = x.getEnclosingElement()) {
            if (x instanceof TypeElement t) {
                last = t;
            }
        }
        return last;
    }
}
