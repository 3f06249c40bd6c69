package dev.weft.atomic.weaver;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * What the weaver needs to know about one class without reading its code: its supertypes, the atomic
 * set it declares, which fields are in a set or alias another object's set, which parameters name a set,
 * and whether it was woven already.
 */
final class ClassModel {
    final String name;
    final String superName;
    final List<String> interfaces;
    final int access;
    /** The names in {@code @AtomicSet} (normally one); empty if the class declares none. */
    final List<String> declaredSets = new ArrayList<>();
    final List<Field> fields = new ArrayList<>();
    final List<Method> methods = new ArrayList<>();
    final boolean woven;

    record Field(String name, String desc, int access, String atomicSet, String aliasSet) {
        boolean isStatic() {
            return (access & Opcodes.ACC_STATIC) != 0;
        }

        /**
         * Whether the field belongs to a class's implicit set (a class that declares a set and annotates no
         * field): every instance field but immutable values — a final primitive or String. A final reference
         * to an array or a collection is in: its contents are the object's state.
         */
        boolean inImplicitSet() {
            if ((access & (Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC)) != 0 || name.startsWith("$weft$")) {
                return false;
            }
            boolean immutableValue = desc.length() == 1 || desc.equals("Ljava/lang/String;");
            return (access & Opcodes.ACC_FINAL) == 0 || !immutableValue;
        }
    }

    /** A method; {@code aliasParams[i]} is the set named by parameter i's {@code @AliasAtomicSet}, or null. */
    record Method(String name, String desc, int access, String[] aliasParams) {
        boolean hasAliasParams() {
            for (String s : aliasParams) {
                if (s != null) {
                    return true;
                }
            }
            return false;
        }
    }

    ClassModel(byte[] bytes) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        name = cn.name;
        superName = cn.superName;
        interfaces = List.copyOf(cn.interfaces);
        access = cn.access;
        boolean w = false;
        for (AnnotationNode a : annotations(cn.visibleAnnotations, cn.invisibleAnnotations)) {
            if (Names.ATOMIC_SET.equals(a.desc)) {
                Object v = value(a, "value");
                if (v instanceof List<?> l) {
                    for (Object o : l) {
                        declaredSets.add((String) o);
                    }
                }
            } else if (Names.WOVEN.equals(a.desc)) {
                w = true;
            }
        }
        woven = w;
        for (FieldNode f : cn.fields) {
            String atomic = null;
            String alias = null;
            for (AnnotationNode a : annotations(f.visibleAnnotations, f.invisibleAnnotations)) {
                if (Names.ATOMIC.equals(a.desc)) {
                    atomic = stringValue(a);
                } else if (Names.ALIAS.equals(a.desc)) {
                    alias = stringValue(a);
                }
            }
            fields.add(new Field(f.name, f.desc, f.access, atomic, alias));
        }
        for (MethodNode m : cn.methods) {
            int n = org.objectweb.asm.Type.getArgumentCount(m.desc);
            String[] params = new String[n];
            for (int i = 0; i < n; i++) {
                List<AnnotationNode> vis = m.visibleParameterAnnotations == null ? null
                        : i < m.visibleParameterAnnotations.length ? m.visibleParameterAnnotations[i] : null;
                List<AnnotationNode> inv = m.invisibleParameterAnnotations == null ? null
                        : i < m.invisibleParameterAnnotations.length ? m.invisibleParameterAnnotations[i] : null;
                for (AnnotationNode a : annotations(vis, inv)) {
                    if (Names.ALIAS.equals(a.desc)) {
                        params[i] = stringValue(a);
                    }
                }
            }
            methods.add(new Method(m.name, m.desc, m.access, params));
        }
    }

    boolean isInterface() {
        return (access & Opcodes.ACC_INTERFACE) != 0;
    }

    Field field(String fieldName) {
        for (Field f : fields) {
            if (f.name.equals(fieldName)) {
                return f;
            }
        }
        return null;
    }

    Method method(String methodName, String desc) {
        for (Method m : methods) {
            if (m.name.equals(methodName) && m.desc.equals(desc)) {
                return m;
            }
        }
        return null;
    }

    boolean anyAtomicField() {
        for (Field f : fields) {
            if (f.atomicSet != null) {
                return true;
            }
        }
        return false;
    }

    boolean anyAliasParams() {
        for (Method m : methods) {
            if (m.hasAliasParams()) {
                return true;
            }
        }
        return false;
    }

    private static List<AnnotationNode> annotations(List<AnnotationNode> a, List<AnnotationNode> b) {
        List<AnnotationNode> all = new ArrayList<>();
        if (a != null) {
            all.addAll(a);
        }
        if (b != null) {
            all.addAll(b);
        }
        return all;
    }

    private static Object value(AnnotationNode a, String key) {
        if (a.values == null) {
            return null;
        }
        for (int i = 0; i + 1 < a.values.size(); i += 2) {
            if (key.equals(a.values.get(i))) {
                return a.values.get(i + 1);
            }
        }
        return null;
    }

    private static String stringValue(AnnotationNode a) {
        Object v = value(a, "value");
        return v == null ? "" : (String) v;
    }
}
