package dev.weft.atomic.processor;

import dev.weft.atomic.AliasAtomicSet;
import dev.weft.atomic.Atomic;
import dev.weft.atomic.AtomicSet;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Atomic-set facts about source or class-path types, as the weaver computes them from class files: the
 * set of a class (declared or inherited), whether a field is in it (annotated, or every mutable field of a
 * class that declares the set and annotates none), alias fields.
 */
final class SetModel {
    private SetModel() {
    }

    /** The class's own {@code @AtomicSet} names, or an empty array. */
    static String[] declared(TypeElement t) {
        AtomicSet a = t.getAnnotation(AtomicSet.class);
        return a == null ? new String[0] : a.value();
    }

    /** The set of {@code t} (declared or inherited), or null. */
    static String setOf(TypeElement t) {
        for (TypeElement c = t; c != null; c = superclass(c)) {
            String[] d = declared(c);
            if (d.length > 0) {
                return d[0];
            }
        }
        return null;
    }

    static String setOf(TypeMirror type) {
        TypeElement t = typeElement(type);
        return t == null ? null : setOf(t);
    }

    static TypeElement typeElement(TypeMirror type) {
        return type != null && type.getKind() == TypeKind.DECLARED
                && ((DeclaredType) type).asElement() instanceof TypeElement te ? te : null;
    }

    /** The topmost class of {@code t}'s set hierarchy (the one that holds the lock), or null without a set. */
    static TypeElement setRoot(TypeElement t) {
        TypeElement root = null;
        for (TypeElement c = t; c != null && setOf(c) != null; c = superclass(c)) {
            root = c;
        }
        return root;
    }

    /**
     * Whether alias field {@code f} is recursive: its type is in the set hierarchy of the class that declares
     * it (AJ's {@code next} of a list node), so the objects it links are of one kind and end in one set.
     */
    static boolean isRecursiveAlias(VariableElement f) {
        TypeElement owner = (TypeElement) f.getEnclosingElement();
        TypeElement target = typeElement(f.asType());
        return target != null && setRoot(owner) != null && setRoot(owner).equals(setRoot(target));
    }

    static TypeElement superclass(TypeElement t) {
        return typeElement(t.getSuperclass());
    }

    /**
     * Whether {@code f} is a field of an atomic set: an {@code @Atomic} field, a non-final alias field (the
     * object it holds is in the set, and so is which object that is), or, in a class that declares a set and
     * annotates no field, every instance field but immutable values and final alias fields.
     */
    static boolean isSetField(Element f) {
        if (f.getKind() != ElementKind.FIELD || f.getModifiers().contains(Modifier.STATIC)) {
            return false;
        }
        if (!(f.getEnclosingElement() instanceof TypeElement owner) || setOf(owner) == null) {
            return false;
        }
        if (f.getAnnotation(Atomic.class) != null) {
            return true;
        }
        if (f.getAnnotation(AliasAtomicSet.class) != null) {
            // The reference itself is state of the set when it can change: units walk it under the lock.
            return !f.getModifiers().contains(Modifier.FINAL);
        }
        return declared(owner).length > 0 && !anyAtomicField(owner) && f.getAnnotation(AliasAtomicSet.class) == null
                && !(f.getModifiers().contains(Modifier.FINAL) && isImmutableValue(f.asType()));
    }

    /** A primitive or a String: a final field of such a type never changes and needs no set. */
    static boolean isImmutableValue(TypeMirror t) {
        return t.getKind().isPrimitive() || t.toString().equals("java.lang.String");
    }

    static boolean anyAtomicField(TypeElement t) {
        for (VariableElement v : ElementFilter.fieldsIn(t.getEnclosedElements())) {
            if (v.getAnnotation(Atomic.class) != null) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code t} or a superclass is {@code ancestor}. */
    static boolean inHierarchy(TypeElement t, TypeElement ancestor) {
        for (TypeElement c = t; c != null; c = superclass(c)) {
            if (c.equals(ancestor)) {
                return true;
            }
        }
        return false;
    }
}
