package dev.weft.atomic.weaver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Rewrites one analysed class (Kumar's thesis §6.3.2.1, after AJ): each unit of work becomes an unlocked
 * internal version (the original body, renamed, with its calls to other units on held sets redirected
 * to their internal versions) and a locked public version under the original name that takes the
 * unit's locks in global order, pauses stealing, calls the internal version and undoes both. The
 * topmost class of an atomic hierarchy gets the lock field, created first thing in each constructor,
 * and a check that refuses unwoven subclasses; stores to alias fields go through a helper that moves the
 * stored object into this object's set. The processor's unwoven guard is removed and the class is marked
 * {@code @Woven}.
 */
final class ClassWeaver {
    private static final int SYNTH = Opcodes.ACC_SYNTHETIC;

    private final Analysis a;
    private final ClassNode cn;
    private final Hierarchy h;

    ClassWeaver(Analysis a) {
        this.a = a;
        this.cn = a.node;
        this.h = a.h;
    }

    byte[] weave() {
        removeGuard(cn);
        List<MethodNode> added = new ArrayList<>();
        for (Map.Entry<MethodNode, Analysis.Unit> e : a.units.entrySet()) {
            MethodNode m = e.getKey();
            for (MethodInsnNode call : a.internalCalls.get(m)) {
                call.name = Names.internalName(call.name);
            }
            added.add(lockedVersion(m, e.getValue()));
            makeInternal(m);
        }
        cn.methods.addAll(added);
        if (!a.aliasStores.isEmpty()) {
            routeAliasStores();
        }
        if (a.root) {
            addRootMembers();
        } else if (a.atomic && hasAliasFields()) {
            cn.methods.add(relockFields());
        }
        if (cn.visibleAnnotations == null) {
            cn.visibleAnnotations = new ArrayList<>();
        }
        AnnotationNode woven = new AnnotationNode(Names.WOVEN);
        woven.visit("value", dev.weft.atomic.runtime.Units.VERSION);
        cn.visibleAnnotations.add(woven);

        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected String getCommonSuperClass(String t1, String t2) {
                return h.commonSuperClass(t1, t2);
            }
        };
        cn.accept(cw);
        return cw.toByteArray();
    }

    // ---------------------------------------------------------------------------------------------
    // The processor's guard

    /** Removes {@code ldc ThisClass; invokestatic Units.unwoven} from the static initializer, if there. */
    static boolean removeGuard(ClassNode cn) {
        for (MethodNode m : cn.methods) {
            if (!m.name.equals("<clinit>")) {
                continue;
            }
            for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
                if (insn instanceof MethodInsnNode mi && mi.owner.equals(Names.UNITS)
                        && mi.name.equals(Names.GUARD_NAME) && mi.desc.equals(Names.GUARD_DESC)) {
                    AbstractInsnNode ldc = mi.getPrevious();
                    if (ldc instanceof LdcInsnNode) {
                        m.instructions.remove(ldc);
                    }
                    m.instructions.remove(mi);
                    if (onlyReturns(m)) {
                        cn.methods.remove(m);
                    }
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean onlyReturns(MethodNode m) {
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn.getOpcode() >= 0 && insn.getOpcode() != Opcodes.RETURN) {
                return false;
            }
        }
        return m.tryCatchBlocks == null || m.tryCatchBlocks.isEmpty();
    }

    // ---------------------------------------------------------------------------------------------
    // Units of work

    private void makeInternal(MethodNode m) {
        m.name = Names.internalName(m.name);
        m.access = (m.access | SYNTH) & ~Opcodes.ACC_VARARGS;
        m.visibleAnnotations = null;
        m.invisibleAnnotations = null;
        m.visibleParameterAnnotations = null;
        m.invisibleParameterAnnotations = null;
        m.visibleTypeAnnotations = null;
        m.invisibleTypeAnnotations = null;
        m.visibleAnnotableParameterCount = 0;
        m.invisibleAnnotableParameterCount = 0;
    }

    /**
     * The locked public version of unit {@code m}. As Java it reads (for a unit of its own set and two
     * {@code @AliasAtomicSet} parameters):
     * <pre>{@code
     * OrderedLock l0 = this.$weft$lock(), l1 = Units.lockOf(p), l2 = Units.lockOf(q);
     * sort l0..l2 by OrderedLock.order();                  // one global order: no deadlock
     * Weft.pauseStealing();                                 // before the locks: resumed after release
     * try { synchronized (l0) { synchronized (l1) { synchronized (l2) { r = m$weft$unlocked(...); } } } }
     * finally { Weft.resumeStealing(); }                    // serves requests that waited, lock-free
     * return r;
     * }</pre>
     * The same lock twice (aliasing, the same argument twice) is a reentrant monitor enter.
     */
    private MethodNode lockedVersion(MethodNode m, Analysis.Unit u) {
        boolean isStatic = (m.access & Opcodes.ACC_STATIC) != 0;
        int access = m.access & ~(Opcodes.ACC_SYNCHRONIZED);
        MethodNode w = new MethodNode(Opcodes.ASM9, access, m.name, m.desc, m.signature,
                m.exceptions.toArray(new String[0]));
        w.visibleAnnotations = m.visibleAnnotations;
        w.invisibleAnnotations = m.invisibleAnnotations;
        w.visibleParameterAnnotations = m.visibleParameterAnnotations;
        w.invisibleParameterAnnotations = m.invisibleParameterAnnotations;
        w.visibleAnnotableParameterCount = m.visibleAnnotableParameterCount;
        w.invisibleAnnotableParameterCount = m.invisibleAnnotableParameterCount;
        w.visibleTypeAnnotations = m.visibleTypeAnnotations;
        w.invisibleTypeAnnotations = m.invisibleTypeAnnotations;
        w.parameters = m.parameters;

        Type[] args = Type.getArgumentTypes(m.desc);
        Type ret = Type.getReturnType(m.desc);
        int[] argSlot = new int[args.length];
        int next = isStatic ? 0 : 1;
        for (int i = 0; i < args.length; i++) {
            argSlot[i] = next;
            next += args[i].getSize();
        }
        int k = (u.own() ? 1 : 0) + u.params().length;
        int[] lockSlot = new int[k];
        for (int i = 0; i < k; i++) {
            lockSlot[i] = next++;
        }
        int resultSlot = next;
        next += Math.max(ret.getSize(), 0);
        int throwSlot = next;

        MethodVisitor v = w;
        v.visitCode();
        Label start = new Label();
        v.visitLabel(start);
        int line = firstLine(m);
        if (line > 0) {
            v.visitLineNumber(line, start);
        }
        int li = 0;
        if (u.own()) {
            v.visitVarInsn(Opcodes.ALOAD, 0);
            v.visitMethodInsn(Opcodes.INVOKEVIRTUAL, cn.name, Names.LOCK_FIELD, "()" + Names.LOCK_DESC, false);
            v.visitVarInsn(Opcodes.ASTORE, lockSlot[li++]);
        }
        for (int p : u.params()) {
            v.visitVarInsn(Opcodes.ALOAD, argSlot[p]);
            v.visitMethodInsn(Opcodes.INVOKESTATIC, Names.UNITS, "lockOf", "(Ljava/lang/Object;)" + Names.LOCK_DESC, false);
            v.visitVarInsn(Opcodes.ASTORE, lockSlot[li++]);
        }
        if (k == 2) {
            Label inOrder = new Label();
            v.visitVarInsn(Opcodes.ALOAD, lockSlot[1]);
            v.visitVarInsn(Opcodes.ALOAD, lockSlot[0]);
            v.visitMethodInsn(Opcodes.INVOKESTATIC, Names.LOCK, "precedes", "(" + Names.LOCK_DESC + Names.LOCK_DESC + ")Z", false);
            v.visitJumpInsn(Opcodes.IFEQ, inOrder);
            v.visitVarInsn(Opcodes.ALOAD, lockSlot[0]);
            v.visitVarInsn(Opcodes.ALOAD, lockSlot[1]);
            v.visitVarInsn(Opcodes.ASTORE, lockSlot[0]);
            v.visitVarInsn(Opcodes.ASTORE, lockSlot[1]);
            v.visitLabel(inOrder);
        } else if (k > 2) {
            pushInt(v, k);
            v.visitTypeInsn(Opcodes.ANEWARRAY, Names.LOCK);
            for (int i = 0; i < k; i++) {
                v.visitInsn(Opcodes.DUP);
                pushInt(v, i);
                v.visitVarInsn(Opcodes.ALOAD, lockSlot[i]);
                v.visitInsn(Opcodes.AASTORE);
            }
            v.visitMethodInsn(Opcodes.INVOKESTATIC, Names.LOCK, "sorted", "([" + Names.LOCK_DESC + ")[" + Names.LOCK_DESC, false);
            for (int i = 0; i < k; i++) {
                if (i < k - 1) {
                    v.visitInsn(Opcodes.DUP);
                }
                pushInt(v, i);
                v.visitInsn(Opcodes.AALOAD);
                v.visitVarInsn(Opcodes.ASTORE, lockSlot[i]);
            }
        }
        v.visitMethodInsn(Opcodes.INVOKESTATIC, Names.WEFT, "pauseStealing", "()V", false);
        Label outerStart = new Label();
        Label outerEnd = new Label();
        Label outerHandler = new Label();
        v.visitLabel(outerStart);
        emitLocked(v, 0, lockSlot, throwSlot, () -> {
            if (!isStatic) {
                v.visitVarInsn(Opcodes.ALOAD, 0);
            }
            for (int i = 0; i < args.length; i++) {
                v.visitVarInsn(args[i].getOpcode(Opcodes.ILOAD), argSlot[i]);
            }
            int op = isStatic ? Opcodes.INVOKESTATIC : Opcodes.INVOKESPECIAL; // exactly this class's body
            v.visitMethodInsn(op, cn.name, Names.internalName(m.name), m.desc,
                    (cn.access & Opcodes.ACC_INTERFACE) != 0);
            if (ret.getSort() != Type.VOID) {
                v.visitVarInsn(ret.getOpcode(Opcodes.ISTORE), resultSlot);
            }
        });
        v.visitLabel(outerEnd);
        // After the monitors' entries: the first matching entry wins, and inner ones must release first.
        v.visitTryCatchBlock(outerStart, outerEnd, outerHandler, null);
        v.visitMethodInsn(Opcodes.INVOKESTATIC, Names.WEFT, "resumeStealing", "()V", false);
        if (ret.getSort() == Type.VOID) {
            v.visitInsn(Opcodes.RETURN);
        } else {
            v.visitVarInsn(ret.getOpcode(Opcodes.ILOAD), resultSlot);
            v.visitInsn(ret.getOpcode(Opcodes.IRETURN));
        }
        v.visitLabel(outerHandler);
        v.visitVarInsn(Opcodes.ASTORE, throwSlot);
        v.visitMethodInsn(Opcodes.INVOKESTATIC, Names.WEFT, "resumeStealing", "()V", false);
        v.visitVarInsn(Opcodes.ALOAD, throwSlot);
        v.visitInsn(Opcodes.ATHROW);
        v.visitMaxs(0, 0);
        v.visitEnd();
        return w;
    }

    /**
     * {@code synchronized (lock[i]) { ...inner... }} with javac's shape: the body's range and the
     * handler's own monitorexit are covered by a catch-all handler that releases and rethrows, so the
     * JIT sees balanced, structured locking.
     */
    private void emitLocked(MethodVisitor v, int i, int[] lockSlot, int throwSlot, Runnable body) {
        if (i == lockSlot.length) {
            body.run();
            return;
        }
        Label bodyStart = new Label();
        Label bodyEnd = new Label();
        Label handler = new Label();
        Label handlerEnd = new Label();
        Label after = new Label();
        // Inner entries first: the JVM takes the first matching entry.
        v.visitVarInsn(Opcodes.ALOAD, lockSlot[i]);
        v.visitInsn(Opcodes.MONITORENTER);
        v.visitLabel(bodyStart);
        emitLocked(v, i + 1, lockSlot, throwSlot, body);
        v.visitVarInsn(Opcodes.ALOAD, lockSlot[i]);
        v.visitInsn(Opcodes.MONITOREXIT);
        v.visitLabel(bodyEnd);
        v.visitJumpInsn(Opcodes.GOTO, after);
        v.visitLabel(handler);
        v.visitVarInsn(Opcodes.ASTORE, throwSlot + 1 + i);
        v.visitVarInsn(Opcodes.ALOAD, lockSlot[i]);
        v.visitInsn(Opcodes.MONITOREXIT);
        v.visitLabel(handlerEnd);
        v.visitVarInsn(Opcodes.ALOAD, throwSlot + 1 + i);
        v.visitInsn(Opcodes.ATHROW);
        v.visitLabel(after);
        v.visitTryCatchBlock(bodyStart, bodyEnd, handler, null);
        v.visitTryCatchBlock(handler, handlerEnd, handler, null);
    }

    private static void pushInt(MethodVisitor v, int n) {
        if (n <= 5) {
            v.visitInsn(Opcodes.ICONST_0 + n);
        } else {
            v.visitIntInsn(Opcodes.BIPUSH, n);
        }
    }

    private static int firstLine(MethodNode m) {
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof LineNumberNode ln) {
                return ln.line;
            }
        }
        return -1;
    }

    // ---------------------------------------------------------------------------------------------
    // Aliases

    private boolean hasAliasFields() {
        for (FieldNode f : cn.fields) {
            if (h.aliasField(cn.name, f.name) != null && h.declaringClass(cn.name, f.name).equals(cn.name)) {
                return true;
            }
        }
        return false;
    }

    private List<FieldNode> aliasFields() {
        List<FieldNode> out = new ArrayList<>();
        for (FieldNode f : cn.fields) {
            ClassModel.Field mf = h.cp.model(cn.name).field(f.name);
            if (mf != null && mf.aliasSet() != null && !mf.isStatic()) {
                out.add(f);
            }
        }
        return out;
    }

    /**
     * Before each {@code this.f = v} to an alias field, {@code $weft$alias$f(this, v)} moves {@code v} into
     * this object's set ({@code Units.share}; for a recursive alias {@code Units.link}, which instead moves
     * this object into {@code v}'s set when {@code v} already lies in a structure's); the store itself stays where it was (a final field can only be stored by its
     * constructor).
     */
    private void routeAliasStores() {
        List<String> done = new ArrayList<>();
        for (FieldInsnNode store : a.aliasStores) {
            String helper = Names.ALIAS_SETTER + store.name;
            String desc = "(L" + cn.name + ";" + store.desc + ")V";
            for (MethodNode m : cn.methods) {
                if (m.instructions.contains(store)) {
                    InsnList share = new InsnList();
                    share.add(new InsnNode(Opcodes.DUP2)); // [this, v] -> [this, v, this, v]
                    share.add(new MethodInsnNode(Opcodes.INVOKESTATIC, cn.name, helper, desc, false));
                    m.instructions.insertBefore(store, share);
                    break;
                }
            }
            if (!done.contains(store.name)) {
                done.add(store.name);
                MethodNode s = new MethodNode(Opcodes.ASM9, Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | SYNTH,
                        helper, desc, null, null);
                InsnList il = s.instructions;
                il.add(new VarInsnNode(Opcodes.ALOAD, 0));
                il.add(new VarInsnNode(Opcodes.ALOAD, 0));
                il.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, cn.name, Names.LOCK_FIELD, "()" + Names.LOCK_DESC, false));
                il.add(new VarInsnNode(Opcodes.ALOAD, 1));
                // A recursive alias (a node's next) may link a new node to one already in a structure's set.
                String join = h.isRecursiveAlias(cn.name, store.name) ? "link" : "share";
                il.add(new MethodInsnNode(Opcodes.INVOKESTATIC, Names.UNITS, join,
                        "(Ljava/lang/Object;" + Names.LOCK_DESC + "Ljava/lang/Object;)V", false));
                il.add(new InsnNode(Opcodes.RETURN));
                cn.methods.add(s);
            }
        }
    }

    /** {@code $weft$relockFields(from, to)}: the superclass's alias fields, then this class's. */
    private MethodNode relockFields() {
        MethodNode m = new MethodNode(Opcodes.ASM9, Opcodes.ACC_PROTECTED | SYNTH, Names.RELOCK_FIELDS,
                Names.RELOCK_DESC, null, null);
        InsnList il = m.instructions;
        if (!a.root) {
            il.add(new VarInsnNode(Opcodes.ALOAD, 0));
            il.add(new VarInsnNode(Opcodes.ALOAD, 1));
            il.add(new VarInsnNode(Opcodes.ALOAD, 2));
            il.add(new MethodInsnNode(Opcodes.INVOKESPECIAL, cn.superName, Names.RELOCK_FIELDS, Names.RELOCK_DESC, false));
        }
        for (FieldNode f : aliasFields()) {
            il.add(new VarInsnNode(Opcodes.ALOAD, 0));
            il.add(new FieldInsnNode(Opcodes.GETFIELD, cn.name, f.name, f.desc));
            il.add(new VarInsnNode(Opcodes.ALOAD, 1));
            il.add(new VarInsnNode(Opcodes.ALOAD, 2));
            il.add(new MethodInsnNode(Opcodes.INVOKESTATIC, Names.UNITS, "relock",
                    "(Ljava/lang/Object;" + Names.LOCK_DESC + Names.LOCK_DESC + ")V", false));
        }
        il.add(new InsnNode(Opcodes.RETURN));
        return m;
    }

    // ---------------------------------------------------------------------------------------------
    // The topmost class of an atomic hierarchy

    /**
     * The lock field is plain, not final: an alias store moves an object to its owner's lock after the
     * object's constructor ran, but before the object is shared (Units.share), and whoever receives the
     * object through a happens-before edge (a final field, a lock, a task's argument) sees that last write.
     * A reader that gets the object through a data race may see the field unwritten and fails on its first
     * unit of work (monitorenter on null), as it could see any other field of the object stale.
     */
    private void addRootMembers() {
        cn.interfaces.add(Names.ATOMIC_OBJECT);
        cn.fields.add(new FieldNode(Opcodes.ACC_PRIVATE | SYNTH, Names.LOCK_FIELD, Names.LOCK_DESC, null, null));

        MethodNode get = new MethodNode(Opcodes.ASM9, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | SYNTH,
                Names.LOCK_FIELD, "()" + Names.LOCK_DESC, null, null);
        get.instructions.add(new VarInsnNode(Opcodes.ALOAD, 0));
        get.instructions.add(new FieldInsnNode(Opcodes.GETFIELD, cn.name, Names.LOCK_FIELD, Names.LOCK_DESC));
        get.instructions.add(new InsnNode(Opcodes.ARETURN));
        cn.methods.add(get);

        MethodNode relock = new MethodNode(Opcodes.ASM9, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | SYNTH,
                Names.RELOCK, Names.RELOCK_DESC, null, null);
        InsnList il = relock.instructions;
        LabelNode done = new LabelNode();
        il.add(new VarInsnNode(Opcodes.ALOAD, 0));
        il.add(new FieldInsnNode(Opcodes.GETFIELD, cn.name, Names.LOCK_FIELD, Names.LOCK_DESC));
        il.add(new VarInsnNode(Opcodes.ALOAD, 1));
        il.add(new JumpInsnNode(Opcodes.IF_ACMPNE, done));
        il.add(new VarInsnNode(Opcodes.ALOAD, 0));
        il.add(new VarInsnNode(Opcodes.ALOAD, 2));
        il.add(new FieldInsnNode(Opcodes.PUTFIELD, cn.name, Names.LOCK_FIELD, Names.LOCK_DESC));
        il.add(new VarInsnNode(Opcodes.ALOAD, 0));
        il.add(new VarInsnNode(Opcodes.ALOAD, 1));
        il.add(new VarInsnNode(Opcodes.ALOAD, 2));
        il.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, cn.name, Names.RELOCK_FIELDS, Names.RELOCK_DESC, false));
        il.add(done);
        il.add(new InsnNode(Opcodes.RETURN));
        cn.methods.add(relock);
        cn.methods.add(relockFields());

        for (MethodNode m : cn.methods) {
            if (!m.name.equals("<init>") || ConstructorScan.delegates(m, cn.name)) {
                continue;
            }
            // Before super(): a superclass constructor that calls an overridden unit finds the lock.
            InsnList init = new InsnList();
            init.add(new VarInsnNode(Opcodes.ALOAD, 0));
            init.add(new TypeInsnNode(Opcodes.NEW, Names.LOCK));
            init.add(new InsnNode(Opcodes.DUP));
            init.add(new MethodInsnNode(Opcodes.INVOKESPECIAL, Names.LOCK, "<init>", "()V", false));
            init.add(new FieldInsnNode(Opcodes.PUTFIELD, cn.name, Names.LOCK_FIELD, Names.LOCK_DESC));
            MethodInsnNode superCall = ConstructorScan.superCall(m);
            m.instructions.insert(init);
            if (superCall != null) {
                // After super(): an object of an unwoven subclass must not exist.
                InsnList check = new InsnList();
                LabelNode same = new LabelNode();
                check.add(new VarInsnNode(Opcodes.ALOAD, 0));
                check.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "getClass", "()Ljava/lang/Class;", false));
                check.add(new LdcInsnNode(Type.getObjectType(cn.name)));
                check.add(new JumpInsnNode(Opcodes.IF_ACMPEQ, same));
                check.add(new VarInsnNode(Opcodes.ALOAD, 0));
                check.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "getClass", "()Ljava/lang/Class;", false));
                check.add(new MethodInsnNode(Opcodes.INVOKESTATIC, Names.UNITS, "checkWoven", "(Ljava/lang/Class;)V", false));
                check.add(same);
                m.instructions.insert(superCall, check);
            }
        }
    }
}
