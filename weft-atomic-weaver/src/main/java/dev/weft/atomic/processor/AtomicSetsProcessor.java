package dev.weft.atomic.processor;


import com.sun.source.util.JavacTask;
import com.sun.source.util.Trees;
import dev.weft.atomic.AliasAtomicSet;
import dev.weft.atomic.Atomic;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/**
 * Compile-time checks for atomic sets, and the unwoven guard.
 *
 * <p>Errors: more than one set on a class, or a different set in a subclass (one set per class hierarchy
 * is supported); an unknown set name in {@code @Atomic} or {@code @AliasAtomicSet}; {@code @Atomic} or
 * {@code @AliasAtomicSet} on a static field; an alias field whose type has no set, or a cycle of alias
 * fields through another set (a recursive alias, whose type is in its own class's set hierarchy, is AJ's
 * linked structure and closes on one set); an {@code @AliasAtomicSet} parameter whose type has no set, or
 * that is reassigned; a field of a set read or written outside a unit of work for its object; and, inside a
 * unit of work, a call that blocks or waits for another task (Pinto et al.'s bottleneck 5): the unit holds
 * its set's lock meanwhile, and what it waits for may need that lock.
 *
 * <p>Declarations are checked while processing annotations; method bodies once javac has attributed each
 * class ({@link BodyChecks}).
 *
 * <p>The guard: every class file that needs weaving gets {@code Units.unwoven(ThisClass.class)} first in
 * its static initializer, written right after javac generates it (a {@code TaskListener} on the
 * {@code GENERATE} event). The weaver removes it; a class compiled but never woven throws at first use.
 */
public final class AtomicSetsProcessor extends AbstractProcessor {
    private Trees trees;
    private final Set<TypeElement> seen = new LinkedHashSet<>();
    /** Classes whose class files get the guard, by binary name. */
    private final Set<String> guarded = new LinkedHashSet<>();

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of("*"); // a class with no annotation may still touch another class's atomic fields
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of("weft.atomic.guard");
    }

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        trees = Trees.instance(env);
        try {
            JavacTask task = JavacTask.instance(env);
            task.addTaskListener(new BodyChecks(env, trees));
            if (!"false".equals(env.getOptions().get("weft.atomic.guard"))) {
                task.addTaskListener(new GuardWriter(env, guarded));
            }
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            env.getMessager().printMessage(Diagnostic.Kind.NOTE, "weft-atomic: not running in javac; method bodies"
                    + " are checked by the weaver only, and classes carry no unwoven guard");
        }
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        List<TypeElement> types = new ArrayList<>();
        for (Element e : round.getRootElements()) {
            collect(e, types);
        }
        types.removeIf(t -> !seen.add(t));
        if (types.isEmpty()) {
            return false;
        }
        for (TypeElement t : types) {
            checkDeclarations(t);
        }
        for (TypeElement t : types) {
            if (needsWeaving(t)) {
                guarded.add(processingEnv.getElementUtils().getBinaryName(t).toString());
            }
        }
        return false;
    }

    private static void collect(Element e, List<TypeElement> out) {
        if (e instanceof TypeElement t) {
            out.add(t);
            for (Element inner : t.getEnclosedElements()) {
                collect(inner, out);
            }
        }
    }

    private boolean needsWeaving(TypeElement t) {
        if (SetModel.setOf(t) != null) {
            return true;
        }
        for (ExecutableElement m : ElementFilter.methodsIn(t.getEnclosedElements())) {
            for (VariableElement p : m.getParameters()) {
                if (p.getAnnotation(AliasAtomicSet.class) != null) {
                    return true;
                }
            }
        }
        return false;
    }

    // ---------------------------------------------------------------------------------------------
    // Declarations

    private void error(Element e, String msg) {
        processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, msg, e);
    }

    private void checkDeclarations(TypeElement t) {
        String[] declared = SetModel.declared(t);
        if (declared.length > 0 && t.getKind() != ElementKind.CLASS && t.getKind() != ElementKind.ENUM) {
            error(t, "@AtomicSet on " + t.getKind().toString().toLowerCase() + " " + t.getSimpleName()
                    + ": atomic sets are declared on classes");
        }
        if (declared.length > 1) {
            error(t, "class " + t.getSimpleName() + " declares more than one atomic set " + List.of(declared)
                    + ": one set per class hierarchy is supported");
        }
        for (String s : declared) {
            if (!SourceVersion.isIdentifier(s)) {
                error(t, "atomic set name '" + s + "' is not an identifier");
            }
        }
        TypeElement sup = SetModel.superclass(t);
        String inherited = sup == null ? null : SetModel.setOf(sup);
        if (declared.length > 0 && inherited != null && !inherited.equals(declared[0])) {
            error(t, "class " + t.getSimpleName() + " declares atomic set '" + declared[0] + "' but its superclass "
                    + sup.getSimpleName() + " already has set '" + inherited
                    + "': one set per class hierarchy is supported");
        }
        String set = SetModel.setOf(t);
        for (VariableElement f : ElementFilter.fieldsIn(t.getEnclosedElements())) {
            Atomic at = f.getAnnotation(Atomic.class);
            if (at != null) {
                if (f.getModifiers().contains(Modifier.STATIC)) {
                    error(f, "@Atomic on static field " + f.getSimpleName() + ": atomic sets hold instance fields");
                } else if (set == null) {
                    error(f, "unknown atomic set '" + at.value() + "': class " + t.getSimpleName()
                            + " declares none (add @AtomicSet(\"" + (at.value().isEmpty() ? "name" : at.value())
                            + "\") to the class)");
                } else if (!at.value().isEmpty() && !at.value().equals(set)) {
                    error(f, "unknown atomic set '" + at.value() + "' (class " + t.getSimpleName() + " has set '" + set + "')");
                } else if (f.getModifiers().contains(Modifier.FINAL) && SetModel.isImmutableValue(f.asType())) {
                    processingEnv.getMessager().printMessage(Diagnostic.Kind.WARNING,
                            "final field " + f.getSimpleName() + " holds an immutable value and needs no atomic set", f);
                }
            }
            AliasAtomicSet al = f.getAnnotation(AliasAtomicSet.class);
            if (al != null) {
                String target = SetModel.setOf(f.asType());
                if (f.getModifiers().contains(Modifier.STATIC)) {
                    error(f, "@AliasAtomicSet on static field " + f.getSimpleName());
                } else if (set == null) {
                    error(f, "@AliasAtomicSet field " + f.getSimpleName() + ": class " + t.getSimpleName()
                            + " declares no atomic set for it to join");
                } else if (!al.value().isEmpty() && !al.value().equals(set)) {
                    error(f, "unknown atomic set '" + al.value() + "' (class " + t.getSimpleName() + " has set '" + set + "')");
                } else if (target == null) {
                    error(f, "@AliasAtomicSet field " + f.getSimpleName() + " of type " + f.asType()
                            + ", which has no atomic set");
                } else if (!SetModel.isRecursiveAlias(f)) {
                    // A recursive alias (a node's next) closes on its own set: AJ's linked structures.
                    List<String> cycle = aliasCycle(SetModel.typeElement(f.asType()), t, new ArrayList<>(List.of(t)));
                    if (cycle != null) {
                        error(f, "alias cycle: " + String.join(" -> ", cycle)
                                + " (each object would have to be created inside the other)");
                    }
                }
            }
        }
        for (ExecutableElement m : ElementFilter.methodsIn(t.getEnclosedElements())) {
            checkParams(m);
        }
        for (ExecutableElement m : ElementFilter.constructorsIn(t.getEnclosedElements())) {
            checkParams(m);
        }
    }

    private void checkParams(ExecutableElement m) {
        for (VariableElement p : m.getParameters()) {
            AliasAtomicSet al = p.getAnnotation(AliasAtomicSet.class);
            if (al == null) {
                continue;
            }
            String ps = SetModel.setOf(p.asType());
            if (m.getKind() == ElementKind.CONSTRUCTOR) {
                error(p, "@AliasAtomicSet on a constructor parameter: constructors are not units of work");
            } else if (ps == null) {
                error(p, "@AliasAtomicSet parameter " + p.getSimpleName() + " of type " + p.asType()
                        + ", which has no atomic set");
            } else if (!al.value().isEmpty() && !al.value().equals(ps)) {
                error(p, "unknown atomic set '" + al.value() + "' (" + p.asType() + " has set '" + ps + "')");
            }
        }
    }

    /** A path of alias fields from {@code from} back to {@code start}, or null. */
    private List<String> aliasCycle(TypeElement from, TypeElement start, List<TypeElement> path) {
        if (from == null) {
            return null;
        }
        if (from.equals(start)) {
            List<String> out = new ArrayList<>();
            for (TypeElement p : path) {
                out.add(p.getSimpleName().toString());
            }
            out.add(start.getSimpleName().toString());
            return out;
        }
        if (path.contains(from) || path.size() > 64) {
            return null;
        }
        path.add(from);
        for (TypeElement c = from; c != null; c = SetModel.superclass(c)) {
            for (VariableElement f : ElementFilter.fieldsIn(c.getEnclosedElements())) {
                if (f.getAnnotation(AliasAtomicSet.class) != null && !SetModel.isRecursiveAlias(f)) {
                    List<String> found = aliasCycle(SetModel.typeElement(f.asType()), start, path);
                    if (found != null) {
                        return found;
                    }
                }
            }
        }
        path.remove(path.size() - 1);
        return null;
    }
}
