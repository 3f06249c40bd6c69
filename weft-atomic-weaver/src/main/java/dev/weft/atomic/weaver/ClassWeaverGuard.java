package dev.weft.atomic.weaver;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The unwoven guard: {@code Units.unwoven(ThisClass.class)} first in the static initializer. The
 * annotation processor adds it to every class file it sees that needs weaving; the weaver removes it.
 * A class that was compiled but not woven therefore throws at first use instead of running unlocked.
 */
public final class ClassWeaverGuard {
    private ClassWeaverGuard() {
    }

    /** Whether {@code bytes} carry the guard. */
    public static boolean hasGuard(byte[] bytes) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, ClassReader.SKIP_FRAMES | ClassReader.SKIP_DEBUG);
        for (MethodNode m : cn.methods) {
            if (m.name.equals("<clinit>")) {
                for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
                    if (insn instanceof MethodInsnNode mi && mi.owner.equals(Names.UNITS)
                            && mi.name.equals(Names.GUARD_NAME)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** {@code bytes} with the guard first in the static initializer (added if missing); unchanged if present. */
    public static byte[] addGuard(byte[] bytes) {
        if (hasGuard(bytes)) {
            return bytes;
        }
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, 0);
        MethodNode clinit = null;
        for (MethodNode m : cn.methods) {
            if (m.name.equals("<clinit>")) {
                clinit = m;
            }
        }
        if (clinit == null) {
            clinit = new MethodNode(Opcodes.ASM9, Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
            clinit.instructions.add(new InsnNode(Opcodes.RETURN));
            cn.methods.add(clinit);
        }
        InsnList guard = new InsnList();
        guard.add(new LdcInsnNode(Type.getObjectType(cn.name)));
        guard.add(new MethodInsnNode(Opcodes.INVOKESTATIC, Names.UNITS, Names.GUARD_NAME, Names.GUARD_DESC, false));
        clinit.instructions.insert(guard);
        // The guard only pushes and pops one value at the very start: existing frames stay valid.
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cn.accept(cw);
        return cw.toByteArray();
    }
}
