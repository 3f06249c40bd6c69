package dev.weft.atomic.weaver;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Finds a constructor's own {@code super(...)} or {@code this(...)} call. Every {@code new} is paired with
 * one {@code invokespecial <init>} that initializes it; the first {@code <init>} call with no {@code new}
 * pending is the one on {@code this}. (javac emits both halves of a conditional argument in sequence, and
 * each half pairs its own {@code new}s, so a linear count is enough.)
 */
final class ConstructorScan {
    private ConstructorScan() {
    }

    static MethodInsnNode superCall(MethodNode ctor) {
        int pending = 0;
        for (AbstractInsnNode insn = ctor.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn.getOpcode() == Opcodes.NEW) {
                pending++;
            } else if (insn instanceof MethodInsnNode mi && mi.getOpcode() == Opcodes.INVOKESPECIAL
                    && mi.name.equals("<init>")) {
                if (pending == 0) {
                    return mi;
                }
                pending--;
            }
        }
        return null;
    }

    /** Whether the constructor of {@code owner} delegates to another constructor of the same class. */
    static boolean delegates(MethodNode ctor, String owner) {
        MethodInsnNode call = superCall(ctor);
        return call != null && call.owner.equals(owner);
    }
}
