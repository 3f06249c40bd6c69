package dev.weft.atomic.weaver;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Decides, for one class to be woven, which methods are units of work and which locks each needs, which
 * calls inside units go to unlocked internal versions, and which stores go to alias fields; and finds
 * what the weaver must refuse (a field of a set touched outside a unit of work for its object, a set
 * that does not exist, more than one set, an alias cycle through another set).
 *
 * <p>A method is a unit of work for its own object's set if it is an instance method of a class with a
 * set and it reads or writes a field of the set on {@code this} (or on an object reached from it through
 * alias fields: {@link Receivers}), calls
 * such a unit on {@code this} or on an object aliased into its set, creates a lambda or method reference of this class that is such a unit
 * (the lambda's body is lexically part of the method), or overrides one — the closure over the class's
 * methods. Any method with
 * {@code @AliasAtomicSet} parameters is a unit of work for their sets too.
 */
final class Analysis {
    private static final String LAMBDA_FACTORY = "java/lang/invoke/LambdaMetafactory";
    /** The locks a unit of work takes: its own object's set, and those of some parameters (by index). */
    record Unit(boolean own, int[] params) {
        boolean plain() {
            return own && params.length == 0;
        }
    }

    /** Per-method facts gathered by the data-flow pass. */
    private static final class Facts {
        boolean directOwn;
        final List<MethodInsnNode> thisCalls = new ArrayList<>();
        /** Lambdas and method references of this class's methods that the method creates. */
        final List<Handle> lambdas = new ArrayList<>();
        final List<MethodInsnNode> otherHeldCalls = new ArrayList<>(); // receiver: a held parameter
        final List<MethodInsnNode> aliasCalls = new ArrayList<>();
        final List<FieldInsnNode> aliasStores = new ArrayList<>();
    }

    final Hierarchy h;
    final ClassNode node;
    final String name;
    final boolean atomic;
    final boolean root;
    final Map<MethodNode, Unit> units = new IdentityHashMap<>();
    /** Calls inside each unit's body that go to the callee's internal version. */
    final Map<MethodNode, List<MethodInsnNode>> internalCalls = new IdentityHashMap<>();
    /** Stores to this class's alias fields (in any method), to route through the alias setter. */
    final List<FieldInsnNode> aliasStores = new ArrayList<>();
    final List<String> problems = new ArrayList<>();
    private final Map<MethodNode, Facts> facts = new IdentityHashMap<>();
    private final Map<String, Analysis> cache;

    /**
     * @param cache analyses of other classes of the same run, filled as supers are needed
     */
    Analysis(Hierarchy h, byte[] bytes, Map<String, Analysis> cache) {
        this.h = h;
        this.cache = cache;
        node = new ClassNode();
        new ClassReader(bytes).accept(node, ClassReader.SKIP_FRAMES);
        name = node.name;
        cache.put(name, this);
        atomic = h.isAtomic(name);
        root = atomic && !h.isAtomic(node.superName);
        validateDeclarations();
        for (MethodNode m : node.methods) {
            if (m.instructions.size() > 0) {
                facts.put(m, scan(m));
            }
        }
        decideUnits();
    }

    // ---------------------------------------------------------------------------------------------
    // Declarations

    private void validateDeclarations() {
        ClassModel me = h.cp.model(name);
        String where = Names.javaName(name);
        if (me.declaredSets.size() > 1) {
            problems.add(where + " declares atomic sets " + me.declaredSets
                    + ": one set per class hierarchy is supported");
        }
        if (!me.declaredSets.isEmpty() && me.isInterface()) {
            problems.add(where + ": @AtomicSet on an interface; declare it on a class");
        }
        String inherited = h.setOf(me.superName);
        if (inherited != null && !me.declaredSets.isEmpty() && !me.declaredSets.get(0).equals(inherited)) {
            problems.add(where + " declares atomic set '" + me.declaredSets.get(0) + "' but its superclass "
                    + Names.javaName(me.superName) + " already has set '" + inherited
                    + "': one set per class hierarchy is supported");
        }
        String set = h.setOf(name);
        for (ClassModel.Field f : me.fields) {
            String fw = where + "." + f.name();
            if (f.atomicSet() != null) {
                if (f.isStatic()) {
                    problems.add(fw + ": @Atomic on a static field; atomic sets hold instance fields");
                } else if (set == null) {
                    problems.add(fw + ": unknown atomic set '" + f.atomicSet() + "': " + where + " declares none");
                } else if (!f.atomicSet().isEmpty() && !f.atomicSet().equals(set)) {
                    problems.add(fw + ": unknown atomic set '" + f.atomicSet() + "' (" + where + " has '" + set + "')");
                }
            }
            if (f.aliasSet() != null) {
                Type t = Type.getType(f.desc());
                if (f.isStatic()) {
                    problems.add(fw + ": @AliasAtomicSet on a static field");
                } else if (set == null) {
                    problems.add(fw + ": @AliasAtomicSet in a class without an atomic set");
                } else if (!f.aliasSet().isEmpty() && !f.aliasSet().equals(set)) {
                    problems.add(fw + ": unknown atomic set '" + f.aliasSet() + "' (" + where + " has '" + set + "')");
                } else if (t.getSort() != Type.OBJECT || !h.isAtomic(t.getInternalName())) {
                    problems.add(fw + ": @AliasAtomicSet on a field of type " + t.getClassName()
                            + ", which has no atomic set");
                } else if (!h.isRecursiveAlias(name, f.name())) {
                    // A recursive alias (a node's next) closes on its own set: AJ's linked structures.
                    List<String> cycle = aliasCycle(t.getInternalName(), new ArrayList<>(List.of(name)));
                    if (cycle != null) {
                        problems.add(fw + ": alias cycle " + String.join(" -> ", cycle));
                    }
                }
            }
        }
        for (ClassModel.Method m : me.methods) {
            Type[] args = Type.getArgumentTypes(m.desc());
            for (int i = 0; i < args.length; i++) {
                String s = m.aliasParams()[i];
                if (s == null) {
                    continue;
                }
                String pw = where + "." + m.name() + ": parameter " + (i + 1);
                String ps = args[i].getSort() == Type.OBJECT ? h.setOf(args[i].getInternalName()) : null;
                if (ps == null) {
                    problems.add(pw + " of type " + args[i].getClassName() + " has no atomic set to alias");
                } else if (!s.isEmpty() && !s.equals(ps)) {
                    problems.add(pw + ": unknown atomic set '" + s + "' (" + args[i].getClassName() + " has '" + ps + "')");
                }
            }
        }
    }

    /** A path of alias fields from {@code from} back to {@code path.get(0)}, or null. */
    private List<String> aliasCycle(String from, List<String> path) {
        if (from.equals(path.get(0))) {
            List<String> out = new ArrayList<>();
            for (String p : path) {
                out.add(Names.javaName(p));
            }
            out.add(Names.javaName(from));
            return out;
        }
        if (path.contains(from) || path.size() > 64) {
            return null;
        }
        path.add(from);
        for (String c = from; c != null; c = h.cp.model(c) == null ? null : h.cp.model(c).superName) {
            ClassModel m = h.cp.model(c);
            if (m == null) {
                break;
            }
            for (ClassModel.Field f : m.fields) {
                Type t = Type.getType(f.desc());
                if (f.aliasSet() != null && t.getSort() == Type.OBJECT && !h.isRecursiveAlias(c, f.name())) {
                    List<String> found = aliasCycle(t.getInternalName(), path);
                    if (found != null) {
                        return found;
                    }
                }
            }
        }
        path.remove(path.size() - 1);
        return null;
    }

    // ---------------------------------------------------------------------------------------------
    // The data-flow pass

    private boolean[] aliasSlots(MethodNode m) {
        ClassModel.Method mm = h.cp.model(name).method(m.name, m.desc);
        boolean isStatic = (m.access & Opcodes.ACC_STATIC) != 0;
        Type[] args = Type.getArgumentTypes(m.desc);
        boolean[] slots = new boolean[Math.max(1, m.maxLocals + 1)];
        int slot = isStatic ? 0 : 1;
        for (int i = 0; i < args.length; i++) {
            if (mm != null && mm.aliasParams()[i] != null && slot < slots.length) {
                slots[slot] = true;
            }
            slot += args[i].getSize();
        }
        return slots;
    }

    private Facts scan(MethodNode m) {
        Facts f = new Facts();
        boolean isStatic = (m.access & Opcodes.ACC_STATIC) != 0;
        boolean ctor = m.name.equals("<init>");
        boolean[] alias = aliasSlots(m);
        Frame<Receivers.Recv>[] frames;
        try {
            frames = new Analyzer<>(new Receivers(h, name, alias)).analyze(name, m);
        } catch (AnalyzerException e) {
            problems.add(where(m, e.node) + ": cannot analyse: " + e.getMessage());
            return f;
        }
        AbstractInsnNode superCall = ctor ? ConstructorScan.superCall(m) : null;
        boolean beforeSuper = ctor;
        int i = 0;
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext(), i++) {
            Frame<Receivers.Recv> fr = frames[i];
            if (insn == superCall) {
                beforeSuper = false;
            }
            if (fr == null) {
                continue; // unreachable
            }
            int op = insn.getOpcode();
            if (insn instanceof FieldInsnNode fi && (op == Opcodes.GETFIELD || op == Opcodes.PUTFIELD)) {
                Receivers.Recv recv = fr.getStack(fr.getStackSize() - (op == Opcodes.GETFIELD ? 1 : 2));
                if (op == Opcodes.PUTFIELD && h.aliasField(fi.owner, fi.name) != null) {
                    String decl = h.declaringClass(fi.owner, fi.name);
                    if (!name.equals(decl)) {
                        problems.add(where(m, insn) + ": stores @AliasAtomicSet field " + Names.javaName(decl) + "."
                                + fi.name + " outside its class; assign it in " + Names.javaName(decl));
                    } else if (beforeSuper) {
                        problems.add(where(m, insn) + ": assigns @AliasAtomicSet field " + fi.name
                                + " before the super constructor call; assign it after");
                    } else {
                        aliasStores.add(fi);
                    }
                }
                if (h.isSetField(fi.owner, fi.name)) {
                    switch (recv.kind) {
                        case THIS, ALIAS -> {
                            if (!ctor && !isStatic && atomic) {
                                f.directOwn = true;
                            } else if (!ctor) {
                                foreign(m, insn, fi);
                            }
                        }
                        case PARAM -> {
                            // covered by the parameter's lock
                        }
                        case NULL -> {
                            // always null here: the access throws before it touches anything
                        }
                        default -> foreign(m, insn, fi);
                    }
                }
            } else if (insn instanceof InvokeDynamicInsnNode indy && indy.bsm.getOwner().equals(LAMBDA_FACTORY)
                    && indy.bsmArgs.length > 1 && indy.bsmArgs[1] instanceof Handle impl && impl.getOwner().equals(name)) {
                // A lambda in a unit of work is lexically part of it: one that touches the set makes the
                // method that creates it a unit too (a loop over it then runs inside the unit, serially).
                f.lambdas.add(impl);
            } else if (insn instanceof MethodInsnNode mi && !mi.name.equals("<init>")
                    && (op == Opcodes.INVOKEVIRTUAL || op == Opcodes.INVOKESPECIAL)) {
                int argc = Type.getArgumentTypes(mi.desc).length;
                Receivers.Recv recv = fr.getStack(fr.getStackSize() - 1 - argc);
                switch (recv.kind) {
                    case THIS -> f.thisCalls.add(mi);
                    case PARAM -> f.otherHeldCalls.add(mi);
                    case ALIAS -> f.aliasCalls.add(mi);
                    default -> {
                    }
                }
            }
        }
        return f;
    }

    private void foreign(MethodNode m, AbstractInsnNode insn, FieldInsnNode fi) {
        String decl = h.declaringClass(fi.owner, fi.name);
        problems.add(where(m, insn) + ": " + (fi.getOpcode() == Opcodes.GETFIELD ? "reads" : "writes")
                + " atomic field " + Names.javaName(decl) + "." + fi.name
                + " of an object other than this outside a unit of work for it; call a method of that"
                + " object, or name it with an @AliasAtomicSet parameter");
    }

    String where(MethodNode m, AbstractInsnNode insn) {
        int line = -1;
        for (AbstractInsnNode x = insn; x != null; x = x.getPrevious()) {
            if (x instanceof LineNumberNode ln) {
                line = ln.line;
                break;
            }
        }
        String src = node.sourceFile != null ? node.sourceFile : "?";
        return Names.javaName(name) + "." + m.name + "(" + src + (line >= 0 ? ":" + line : "") + ")";
    }

    // ---------------------------------------------------------------------------------------------
    // Units: the closure, then the calls that may skip the lock

    private static boolean hasCode(MethodNode m) {
        return (m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0 && m.instructions.size() > 0;
    }

    private static boolean candidate(MethodNode m) {
        return hasCode(m) && !m.name.startsWith("<") && (m.access & Opcodes.ACC_BRIDGE) == 0
                && !m.name.startsWith("$weft$");
    }

    private void decideUnits() {
        ClassModel me = h.cp.model(name);
        Set<MethodNode> own = new LinkedHashSet<>();
        for (MethodNode m : node.methods) {
            if (!candidate(m) || (m.access & Opcodes.ACC_STATIC) != 0 || !atomic) {
                continue;
            }
            Facts f = facts.get(m);
            if (f != null && f.directOwn || overridesOwnUnit(m)) {
                own.add(m);
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (MethodNode m : node.methods) {
                if (own.contains(m) || !candidate(m) || (m.access & Opcodes.ACC_STATIC) != 0 || !atomic) {
                    continue;
                }
                boolean unit = false;
                for (MethodInsnNode call : facts.get(m).thisCalls) {
                    if (callsOwnUnit(call, own)) {
                        unit = true;
                        break;
                    }
                }
                // An object aliased into this set is part of this object's state: calling one of its
                // units of work touches the set.
                for (MethodInsnNode call : facts.get(m).aliasCalls) {
                    Unit u = call.owner.equals(name) ? null : unitIn(call.owner, call.name, call.desc);
                    if (u != null && u.own() || call.owner.equals(name) && callsOwnUnit(call, own)) {
                        unit = true;
                        break;
                    }
                }
                for (Handle impl : facts.get(m).lambdas) {
                    MethodNode target = localMethod(impl.getName(), impl.getDesc());
                    if (target != null && own.contains(target)) {
                        unit = true;
                        break;
                    }
                }
                if (unit) {
                    own.add(m);
                    changed = true;
                }
            }
        }
        for (MethodNode m : node.methods) {
            if (!candidate(m)) {
                continue;
            }
            ClassModel.Method mm = me.method(m.name, m.desc);
            List<Integer> ps = new ArrayList<>();
            if (mm != null) {
                for (int i = 0; i < mm.aliasParams().length; i++) {
                    if (mm.aliasParams()[i] != null) {
                        ps.add(i);
                    }
                }
            }
            if (own.contains(m) || !ps.isEmpty()) {
                units.put(m, new Unit(own.contains(m), ps.stream().mapToInt(Integer::intValue).toArray()));
            }
        }
        for (Map.Entry<MethodNode, Unit> e : units.entrySet()) {
            Facts f = facts.get(e.getKey());
            List<MethodInsnNode> calls = new ArrayList<>();
            if (e.getValue().own()) {
                for (MethodInsnNode c : f.thisCalls) {
                    if (isPlainUnit(c.owner, c.name, c.desc)) {
                        calls.add(c);
                    }
                }
                for (MethodInsnNode c : f.aliasCalls) {
                    if (isPlainUnit(c.owner, c.name, c.desc)) {
                        calls.add(c);
                    }
                }
            }
            for (MethodInsnNode c : f.otherHeldCalls) {
                if (isPlainUnit(c.owner, c.name, c.desc)) {
                    calls.add(c);
                }
            }
            internalCalls.put(e.getKey(), calls);
        }
    }

    private boolean callsOwnUnit(MethodInsnNode call, Set<MethodNode> own) {
        if (call.owner.equals(name)) {
            MethodNode local = localMethod(call.name, call.desc);
            if (local != null) {
                return own.contains(local);
            }
            Unit u = unitIn(node.superName, call.name, call.desc);
            return u != null && u.own();
        }
        Unit u = unitIn(call.owner, call.name, call.desc);
        return u != null && u.own();
    }

    private MethodNode localMethod(String n, String d) {
        for (MethodNode m : node.methods) {
            if (m.name.equals(n) && m.desc.equals(d)) {
                return m;
            }
        }
        return null;
    }

    private boolean overridesOwnUnit(MethodNode m) {
        if ((m.access & (Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC)) != 0) {
            return false;
        }
        Unit u = unitIn(node.superName, m.name, m.desc);
        return u != null && u.own();
    }

    /**
     * The unit of work found by looking up method {@code n d} from {@code owner} upwards, or null if the
     * method found is not one (or none is found). A partial answer for a class whose analysis is still
     * running (mutually dependent classes) only makes a call keep its lock, which is always safe.
     */
    private Unit unitIn(String owner, String n, String d) {
        for (String c = owner; c != null; ) {
            ClassModel m = h.cp.model(c);
            if (m == null) {
                return null;
            }
            ClassModel.Method mm = m.method(n, d);
            if (mm != null) {
                if ((mm.access() & Opcodes.ACC_STATIC) != 0) {
                    return null;
                }
                if (c.equals(name)) {
                    return units.get(localMethod(n, d));
                }
                Analysis other = analysisOf(c);
                if (other != null) {
                    return other.units.get(other.localMethod(n, d));
                }
                // A class woven earlier: its units have internal versions; parameters kept their annotations.
                if (m.method(Names.internalName(n), d) == null) {
                    return null;
                }
                List<Integer> ps = new ArrayList<>();
                for (int i = 0; i < mm.aliasParams().length; i++) {
                    if (mm.aliasParams()[i] != null) {
                        ps.add(i);
                    }
                }
                return new Unit(h.isAtomic(c), ps.stream().mapToInt(Integer::intValue).toArray());
            }
            c = m.superName;
        }
        return null;
    }

    private boolean isPlainUnit(String owner, String n, String d) {
        Unit u = unitIn(owner, n, d);
        return u != null && u.plain();
    }

    /** The analysis of an atomic class of this run that is not woven yet; null for a woven one. */
    private Analysis analysisOf(String c) {
        Analysis a = cache.get(c);
        if (a != null) {
            return a;
        }
        ClassModel m = h.cp.model(c);
        if (m == null || m.woven || !h.cp.isInput(c)) {
            return null;
        }
        return new Analysis(h, h.cp.bytes(c), cache);
    }

    /** A class whose set hierarchy above it is neither woven nor being woven: a problem for the caller. */
    String unwovenAtomicSuper() {
        for (String s : h.supers(name)) {
            if (!h.isAtomic(s)) {
                break;
            }
            ClassModel m = h.cp.model(s);
            if (!m.woven && !h.cp.isInput(s)) {
                return s;
            }
        }
        return null;
    }
}
