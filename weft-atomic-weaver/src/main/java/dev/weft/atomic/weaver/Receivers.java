package dev.weft.atomic.weaver;

import java.util.List;
import java.util.Objects;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.analysis.Interpreter;
import org.objectweb.asm.tree.analysis.Value;

/**
 * A data-flow interpreter (for ASM's {@code Analyzer}) that tracks, for every stack slot and local, whether
 * the value is certainly {@code this}, certainly in the set of one {@code @AliasAtomicSet} parameter (the
 * parameter, or an object reached from it through alias fields: {@code other.head.next}), or
 * certainly an object reached from {@code this} through alias fields ({@code this.history},
 * {@code head.next.next}: in this object's set; see the section on recursive structures in weft-atomic's
 * PROTOCOL.md). Loads and {@code dup}s keep the kind; {@code null} merges into any kind (a field access on
 * it throws before touching anything); a merge of different kinds, and everything else, is
 * {@link Kind#OTHER}. A parameter that is reassigned on
 * some path therefore stops being "the parameter" from there on, soundly, and a loop's {@code n = n.next}
 * keeps {@code n} reached.
 */
final class Receivers extends Interpreter<Receivers.Recv> {
    enum Kind { NULL, THIS, PARAM, ALIAS, OTHER }

    /** A value: its kind, and for PARAM the parameter's local slot. */
    static final class Recv implements Value {
        final int size;
        final Kind kind;
        final int slot;

        Recv(int size, Kind kind, int slot) {
            this.size = size;
            this.kind = kind;
            this.slot = slot;
        }

        @Override
        public int getSize() {
            return size;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Recv r && r.size == size && r.kind == kind && r.slot == slot;
        }

        @Override
        public int hashCode() {
            return Objects.hash(size, kind, slot);
        }
    }

    static final Recv EMPTY = new Recv(1, Kind.OTHER, -1);
    private static final Recv ONE = EMPTY;
    private static final Recv TWO = new Recv(2, Kind.OTHER, -1);
    private static final Recv NULL = new Recv(1, Kind.NULL, -1);
    private static final Recv REACHED = new Recv(1, Kind.ALIAS, -1);

    private final Hierarchy h;
    private final String owner;
    private final boolean[] aliasSlots;

    /**
     * @param owner      the class whose method is analysed
     * @param aliasSlots which local slots hold {@code @AliasAtomicSet} parameters on entry
     */
    Receivers(Hierarchy h, String owner, boolean[] aliasSlots) {
        super(Opcodes.ASM9);
        this.h = h;
        this.owner = owner;
        this.aliasSlots = aliasSlots;
    }

    private static Recv of(int size) {
        return size == 2 ? TWO : ONE;
    }

    @Override
    public Recv newValue(Type type) {
        if (type == null) {
            return EMPTY;
        }
        if (type == Type.VOID_TYPE) {
            return null;
        }
        return of(type.getSize());
    }

    @Override
    public Recv newParameterValue(boolean isInstanceMethod, int local, Type type) {
        if (isInstanceMethod && local == 0) {
            return new Recv(1, Kind.THIS, 0);
        }
        if (local < aliasSlots.length && aliasSlots[local]) {
            return new Recv(1, Kind.PARAM, local);
        }
        return of(type.getSize());
    }

    @Override
    public Recv newOperation(AbstractInsnNode insn) {
        return switch (insn.getOpcode()) {
            case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1 -> TWO;
            case Opcodes.ACONST_NULL -> NULL;
            case Opcodes.LDC -> {
                Object c = ((LdcInsnNode) insn).cst;
                yield c instanceof Long || c instanceof Double ? TWO : ONE;
            }
            case Opcodes.GETSTATIC -> of(Type.getType(((FieldInsnNode) insn).desc).getSize());
            default -> ONE;
        };
    }

    @Override
    public Recv copyOperation(AbstractInsnNode insn, Recv value) {
        return value;
    }

    @Override
    public Recv unaryOperation(AbstractInsnNode insn, Recv value) {
        switch (insn.getOpcode()) {
            case Opcodes.GETFIELD: {
                FieldInsnNode f = (FieldInsnNode) insn;
                if ((value.kind == Kind.THIS && h.isAtomic(owner) || value.kind == Kind.ALIAS)
                        && h.aliasField(f.owner, f.name) != null) {
                    return REACHED; // an alias field of an object in this set holds one of the set
                }
                if (value.kind == Kind.PARAM && h.aliasField(f.owner, f.name) != null) {
                    return value; // other.head, n.next: in the parameter's set, which the unit holds
                }
                return of(Type.getType(f.desc).getSize());
            }
            case Opcodes.CHECKCAST:
                return value.kind == Kind.OTHER ? ONE : value; // a cast does not change the object
            case Opcodes.I2L: case Opcodes.I2D: case Opcodes.L2D: case Opcodes.F2L: case Opcodes.F2D:
            case Opcodes.D2L: case Opcodes.LNEG: case Opcodes.DNEG:
                return TWO;
            default:
                return ONE;
        }
    }

    @Override
    public Recv binaryOperation(AbstractInsnNode insn, Recv a, Recv b) {
        return switch (insn.getOpcode()) {
            case Opcodes.LALOAD, Opcodes.DALOAD, Opcodes.LADD, Opcodes.DADD, Opcodes.LSUB, Opcodes.DSUB,
                 Opcodes.LMUL, Opcodes.DMUL, Opcodes.LDIV, Opcodes.DDIV, Opcodes.LREM, Opcodes.DREM,
                 Opcodes.LSHL, Opcodes.LSHR, Opcodes.LUSHR, Opcodes.LAND, Opcodes.LOR, Opcodes.LXOR -> TWO;
            default -> ONE;
        };
    }

    @Override
    public Recv ternaryOperation(AbstractInsnNode insn, Recv a, Recv b, Recv c) {
        return ONE;
    }

    @Override
    public Recv naryOperation(AbstractInsnNode insn, List<? extends Recv> values) {
        String desc;
        if (insn instanceof MethodInsnNode m) {
            desc = m.desc;
        } else if (insn instanceof InvokeDynamicInsnNode d) {
            desc = d.desc;
        } else {
            return ONE; // MULTIANEWARRAY
        }
        return of(Type.getReturnType(desc).getSize());
    }

    @Override
    public void returnOperation(AbstractInsnNode insn, Recv value, Recv expected) {
    }

    @Override
    public Recv merge(Recv a, Recv b) {
        if (a.equals(b)) {
            return a;
        }
        if (a.kind == Kind.NULL && b.size == 1) {
            return b;
        }
        if (b.kind == Kind.NULL && a.size == 1) {
            return a;
        }
        return of(Math.min(a.size, b.size));
    }
}
