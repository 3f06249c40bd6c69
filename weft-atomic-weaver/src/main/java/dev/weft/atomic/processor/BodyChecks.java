package dev.weft.atomic.processor;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.util.HashSet;
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
