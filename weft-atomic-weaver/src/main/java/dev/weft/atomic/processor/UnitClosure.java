package dev.weft.atomic.processor;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/**
 * Which methods of this compilation are units of work, as the weaver will decide: a method with
 * {@code @AliasAtomicSet} parameters; an instance method of a class with a set that accesses the set on
 * {@code this}, calls such a unit on {@code this}, or overrides one — the closure. Lambda bodies count
 * for the method that contains them (a conservative choice for the blocking check).
 */
final class UnitClosure {
    private UnitClosure() {
    }

    static Set<ExecutableElement> of(Map<ExecutableElement, BodyScanner.MethodFacts> facts, ProcessingEnvironment env) {
        Set<ExecutableElement> units = new LinkedHashSet<>();
        for (Map.Entry<ExecutableElement, BodyScanner.MethodFacts> e : facts.entrySet()) {
            BodyScanner.MethodFacts f = e.getValue();
            if (f.aliasParams || f.ownAccess && isInstanceOfAtomic(e.getKey(), f.owner)) {
                units.add(e.getKey());
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Map.Entry<ExecutableElement, BodyScanner.MethodFacts> e : facts.entrySet()) {
                ExecutableElement m = e.getKey();
                BodyScanner.MethodFacts f = e.getValue();
                if (units.contains(m) || !isInstanceOfAtomic(m, f.owner)) {
                    continue;
                }
                boolean unit = false;
                for (ExecutableElement c : f.thisCalls) {
                    if (units.contains(c)) {
                        unit = true;
                        break;
                    }
                }
                if (!unit) {
                    for (ExecutableElement u : units) {
                        if (u.getEnclosingElement() != f.owner && u.getEnclosingElement() instanceof TypeElement ut
                                && SetModel.inHierarchy(f.owner, ut) && env.getElementUtils().overrides(m, u, f.owner)) {
                            unit = true;
                            break;
                        }
                    }
                }
                if (unit) {
                    units.add(m);
                    changed = true;
                }
            }
        }
        return units;
    }

    private static boolean isInstanceOfAtomic(ExecutableElement m, TypeElement owner) {
        return !m.getModifiers().contains(Modifier.STATIC) && m.getKind() == javax.lang.model.element.ElementKind.METHOD
                && SetModel.setOf(owner) != null;
    }
}
