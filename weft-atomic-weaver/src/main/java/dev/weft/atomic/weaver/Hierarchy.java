package dev.weft.atomic.weaver;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Atomic-set facts about classes, derived from their models: which set a class belongs to (its own or a
 * superclass's: one per hierarchy), which class is the topmost of the hierarchy (it holds the lock field),
 * which fields are in the set, which fields alias other objects' sets. Also answers ASM's
 * common-superclass question for frame computation without loading classes.
 */
final class Hierarchy {
    final ClassPath cp;
    private final Map<String, String> setCache = new LinkedHashMap<>();

    Hierarchy(ClassPath cp) {
        this.cp = cp;
    }

    /** The atomic set of {@code name} (declared or inherited), or null. */
    String setOf(String name) {
        if (setCache.containsKey(name)) {
            return setCache.get(name);
        }
        String s = null;
        ClassModel m = cp.model(name);
        if (m != null) {
            s = m.declaredSets.isEmpty() ? setOf(m.superName) : m.declaredSets.get(0);
        }
        setCache.put(name, s);
        return s;
    }

    boolean isAtomic(String name) {
        return name != null && setOf(name) != null;
    }

    /** The topmost class of {@code name}'s hierarchy with the same set: it holds the lock. */
    String rootOf(String name) {
        String r = name;
        for (ClassModel m = cp.model(name); m != null && isAtomic(m.superName); m = cp.model(m.superName)) {
            r = m.superName;
        }
        return r;
    }

    /** Whether field {@code owner.name} (looked up from {@code owner} upwards) is in an atomic set. */
    boolean isSetField(String owner, String name) {
        String decl = declaringClass(owner, name);
        if (decl == null) {
            return false;
        }
        ClassModel m = cp.model(decl);
        ClassModel.Field f = m.field(name);
        if (f.isStatic() || setOf(decl) == null) {
            return false;
        }
        if (f.atomicSet() != null) {
            return true;
        }
        if (f.aliasSet() != null) {
            // Which object a mutable alias field holds is state of the set: units walk it under the lock.
            return (f.access() & org.objectweb.asm.Opcodes.ACC_FINAL) == 0;
        }
        // A class that declares the set and annotates no field puts its state in it.
        return !m.declaredSets.isEmpty() && !m.anyAtomicField() && f.inImplicitSet() && f.aliasSet() == null;
    }

    /**
     * Whether alias field {@code owner.name} is recursive: its type is in the set hierarchy of the class that
     * declares it (AJ's {@code next} of a list node), so the objects it links end in one set.
     */
    boolean isRecursiveAlias(String owner, String name) {
        ClassModel.Field f = aliasField(owner, name);
        if (f == null) {
            return false;
        }
        org.objectweb.asm.Type t = org.objectweb.asm.Type.getType(f.desc());
        return t.getSort() == org.objectweb.asm.Type.OBJECT && isAtomic(t.getInternalName())
                && rootOf(t.getInternalName()).equals(rootOf(declaringClass(owner, name)));
    }

    /** The class that declares field {@code name}, searching from {@code owner} up; null if unknown. */
    String declaringClass(String owner, String name) {
        for (ClassModel m = cp.model(owner); m != null; m = cp.model(m.superName)) {
            if (m.field(name) != null) {
                return m.name;
            }
        }
        return null;
    }

    /** The {@code @AliasAtomicSet} field {@code owner.name}, looked up from {@code owner}; or null. */
    ClassModel.Field aliasField(String owner, String name) {
        String decl = declaringClass(owner, name);
        if (decl == null) {
            return null;
        }
        ClassModel.Field f = cp.model(decl).field(name);
        return f.aliasSet() != null && !f.isStatic() ? f : null;
    }

    /** Superclasses of {@code name}, nearest first (not including {@code name}). */
    List<String> supers(String name) {
        List<String> out = new ArrayList<>();
        ClassModel m = cp.model(name);
        while (m != null && m.superName != null) {
            out.add(m.superName);
            m = cp.model(m.superName);
        }
        return out;
    }

    /** For ASM's frame computation: the nearest common superclass, without loading any class. */
    String commonSuperClass(String a, String b) {
        if (a.equals(b)) {
            return a;
        }
        ClassModel ma = cp.model(a);
        ClassModel mb = cp.model(b);
        if (ma == null || mb == null || ma.isInterface() || mb.isInterface()) {
            return "java/lang/Object";
        }
        Set<String> chainA = new HashSet<>();
        chainA.add(a);
        chainA.addAll(supers(a));
        if (chainA.contains(b)) {
            return b;
        }
        for (String s : supers(b)) {
            if (chainA.contains(s)) {
                return s;
            }
        }
        return "java/lang/Object";
    }
}
