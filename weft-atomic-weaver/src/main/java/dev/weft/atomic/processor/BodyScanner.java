package dev.weft.atomic.processor;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import dev.weft.atomic.AliasAtomicSet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.tools.Diagnostic;

/**
 * Walks a compilation unit: reports accesses to fields of atomic sets that no unit of work covers and
 * reassigned {@code @AliasAtomicSet} parameters, and gathers per method what decides whether it is a unit
 * of work (accesses to its own set, calls on {@code this}) and the blocking calls it makes.
 *
 * <p>The rules mirror the weaver's, which sees the compiled code: a set's field may be read or written on
 * {@code this} (also from a lambda, which the compiler turns into a method of the same object), on an
 * object reached from {@code this} through alias fields ({@code this.aliasField.f}, or a list's nodes
 * walked through a local: {@link ReachedLocals}), or on an {@code @AliasAtomicSet}
 * parameter of the enclosing method (not from a lambda: the lambda may run after the method returned).
 */
final class BodyScanner extends TreePathScanner<Void, Void> {
    /** What one method's body does. */
    static final class MethodFacts {
        final TypeElement owner;
        boolean ownAccess;
        boolean aliasParams;
        final List<ExecutableElement> thisCalls = new ArrayList<>();
        final List<Blocked> blocking = new ArrayList<>();
        /** Every other call it makes, for following blocking calls into helpers ({@link BodyChecks}). */
        final List<Blocked> calls = new ArrayList<>();

        MethodFacts(TypeElement owner) {
            this.owner = owner;
        }

        void reportBlocking(Trees trees, ExecutableElement m) {
            for (Blocked b : blocking) {
                trees.printMessage(Diagnostic.Kind.ERROR, "blocking call " + b.callee.getEnclosingElement().getSimpleName()
                        + "." + b.callee.getSimpleName() + "() inside unit of work " + owner.getSimpleName() + "."
                        + m.getSimpleName() + " (atomic set '" + setName(m) + "'): it " + b.why
                        + " while holding the set's lock, and what it waits for may need that lock"
                        + " (bottleneck 5); move it out of the unit of work", b.tree, b.unit);
            }
        }

        /** A blocking call {@code b} that unit {@code m} makes through {@code via}, reported at its call {@code at}. */
        void reportBlockingThrough(Trees trees, ExecutableElement m, Blocked b, String via, Blocked at) {
            trees.printMessage(Diagnostic.Kind.ERROR, "blocking call " + b.callee.getEnclosingElement().getSimpleName()
                    + "." + b.callee.getSimpleName() + "() through " + via + " inside unit of work "
                    + owner.getSimpleName() + "." + m.getSimpleName() + " (atomic set '" + setName(m) + "'): it "
                    + b.why + " while holding the set's lock, and what it waits for may need that lock"
                    + " (bottleneck 5); move it out of the unit of work", at.tree, at.unit);
        }

        private String setName(ExecutableElement m) {
            String s = SetModel.setOf(owner);
            if (s != null) {
                return s;
            }
            for (VariableElement p : m.getParameters()) {
                if (p.getAnnotation(AliasAtomicSet.class) != null) {
                    return SetModel.setOf(p.asType());
                }
            }
            return "?";
        }
    }

    record Blocked(ExecutableElement callee, String why, Tree tree, CompilationUnitTree unit) {
    }

    /**
     * The scanner's position: innermost class, method, how many lambdas deep within the method, and the
     * innermost lambda (or the method) with the method's locals reached from this.
     */
    private record Context(TypeElement cls, ExecutableElement method, int lambdas, Map<String, Tree> localInits,
            Tree where, ReachedLocals locals) {
    }

    private final ProcessingEnvironment env;
    private final Trees trees;
    private final CompilationUnitTree unit;
    private final Map<ExecutableElement, MethodFacts> facts;
    private final Deque<Context> ctx = new ArrayDeque<>();

    BodyScanner(ProcessingEnvironment env, Trees trees, CompilationUnitTree unit, Map<ExecutableElement, MethodFacts> facts) {
        this.env = env;
        this.trees = trees;
        this.unit = unit;
        this.facts = facts;
    }

    private void error(Tree t, String msg) {
        trees.printMessage(Diagnostic.Kind.ERROR, msg, t, unit);
    }

    @Override
    public Void visitClass(ClassTree node, Void v) {
        TypeElement cls = (TypeElement) trees.getElement(getCurrentPath());
        ctx.push(new Context(cls, null, 0, new HashMap<>(), null, null));
        try {
            return super.visitClass(node, v);
        } finally {
            ctx.pop();
        }
    }

    @Override
    public Void visitMethod(MethodTree node, Void v) {
        ExecutableElement m = (ExecutableElement) trees.getElement(getCurrentPath());
        Context c = ctx.peek();
        ctx.push(new Context(c.cls, m, 0, new HashMap<>(), node, new ReachedLocals(trees, getCurrentPath(), c.cls, m)));
        MethodFacts f = new MethodFacts(c.cls);
        for (VariableElement p : m.getParameters()) {
            if (p.getAnnotation(AliasAtomicSet.class) != null) {
                f.aliasParams = true;
            }
        }
        facts.put(m, f);
        try {
            return super.visitMethod(node, v);
        } finally {
            ctx.pop();
        }
    }

    @Override
    public Void visitLambdaExpression(LambdaExpressionTree node, Void v) {
        Context c = ctx.peek();
        ctx.push(new Context(c.cls, c.method, c.lambdas + 1, c.localInits, node, c.locals));
        try {
            return super.visitLambdaExpression(node, v);
        } finally {
            ctx.pop();
        }
    }

    @Override
    public Void visitVariable(VariableTree node, Void v) {
        Context c = ctx.peek();
        if (c != null && c.method != null && node.getInitializer() != null) {
            c.localInits.put(node.getName().toString(), node.getInitializer());
        }
        return super.visitVariable(node, v);
    }

    private MethodFacts current() {
        Context c = ctx.peek();
        return c == null || c.method == null ? null : facts.get(c.method);
    }

    // ---------------------------------------------------------------------------------------------
    // Field accesses

    @Override
    public Void visitIdentifier(IdentifierTree node, Void v) {
        Element e = trees.getElement(getCurrentPath());
        if (e != null && SetModel.isSetField(e)) {
            checkAccess(node, e, Receiver.THIS_IMPLICIT, null);
        }
        return super.visitIdentifier(node, v);
    }

    @Override
    public Void visitMemberSelect(MemberSelectTree node, Void v) {
        Element e = trees.getElement(getCurrentPath());
        if (e != null && SetModel.isSetField(e)) {
            ExpressionTree recv = node.getExpression();
            checkAccess(node, e, classify(new TreePath(getCurrentPath(), recv)), recv);
        }
        return super.visitMemberSelect(node, v);
    }

    private enum Receiver { THIS_IMPLICIT, THIS, SUPER, PARAM, ALIAS, OTHER }

    /**
     * What the receiver at {@code p} certainly is. ALIAS: an object in this object's set, reached from
     * {@code this} through alias fields, directly or through locals ({@link ReachedLocals}).
     */
    private Receiver classify(TreePath p) {
        Tree recv = p.getLeaf();
        if (recv instanceof ParenthesizedTree pt) {
            return classify(new TreePath(p, pt.getExpression()));
        }
        if (recv instanceof TypeCastTree tc) {
            return classify(new TreePath(p, tc.getExpression()));
        }
        if (recv instanceof IdentifierTree id) {
            String n = id.getName().toString();
            if (n.equals("this")) {
                return Receiver.THIS;
            }
            if (n.equals("super")) {
                return Receiver.SUPER;
            }
            Element re = trees.getElement(p);
            if (re != null && re.getKind() == ElementKind.PARAMETER && re.getAnnotation(AliasAtomicSet.class) != null
                    && ctx.peek().method != null && ctx.peek().method.getParameters().contains(re)) {
                return Receiver.PARAM;
            }
            if (re != null && isAliasField(re)) {
                return Receiver.ALIAS; // an alias field of this, by simple name
            }
            if (re != null && re.getKind() == ElementKind.LOCAL_VARIABLE && ctx.peek().locals != null) {
                if (ctx.peek().locals.reaches(p, ctx.peek().where)) {
                    return Receiver.ALIAS; // a local that only ever holds objects reached from this
                }
                if (ctx.peek().locals.reachesParam(p, ctx.peek().where)) {
                    return Receiver.PARAM; // a local that only ever holds objects in a parameter's set
                }
            }
            return Receiver.OTHER;
        }
        if (recv instanceof MemberSelectTree ms) {
            if (ms.getIdentifier().contentEquals("this")) {
                Element outer = trees.getElement(new TreePath(p, ms.getExpression()));
                return outer != null && outer.equals(ctx.peek().cls) ? Receiver.THIS : Receiver.OTHER;
            }
            Element re = trees.getElement(p);
            if (re != null && re.getKind() == ElementKind.FIELD && re.getAnnotation(AliasAtomicSet.class) != null
                    && !re.getModifiers().contains(Modifier.STATIC)) {
                // An alias field of an object in this set holds an object of the same set (this.history,
                // head.next, n.left.right).
                Receiver inner = classify(new TreePath(p, ms.getExpression()));
                if (inner == Receiver.THIS || inner == Receiver.ALIAS) {
                    return Receiver.ALIAS;
                }
                if (inner == Receiver.PARAM) {
                    return Receiver.PARAM; // other.head, n.next: in the parameter's set, which the unit holds
                }
            }
        }
        return Receiver.OTHER;
    }

    private boolean isAliasField(Element e) {
        return e.getKind() == ElementKind.FIELD && e.getAnnotation(AliasAtomicSet.class) != null
                && !e.getModifiers().contains(Modifier.STATIC)
                && e.getEnclosingElement() instanceof TypeElement owner
                && SetModel.inHierarchy(ctx.peek().cls, owner);
    }

    private void checkAccess(Tree tree, Element field, Receiver r, ExpressionTree recv) {
        Context c = ctx.peek();
        TypeElement owner = (TypeElement) field.getEnclosingElement();
        boolean inHierarchy = c != null && c.cls != null && SetModel.inHierarchy(c.cls, owner);
        boolean instanceContext = c != null && c.method != null ? !c.method.getModifiers().contains(Modifier.STATIC)
                : c != null && !isStaticInitializer();
        String what = "atomic field " + owner.getSimpleName() + "." + field.getSimpleName()
                + " (set '" + SetModel.setOf(owner) + "')";
        switch (r) {
            case THIS_IMPLICIT, THIS, SUPER, ALIAS -> {
                // An object reached through alias fields is in this set whatever its class.
                if (r != Receiver.ALIAS && !inHierarchy || !instanceContext) {
                    error(tree, what + " of an enclosing or other object is accessed outside a unit of work for it"
                            + "; call a method of " + owner.getSimpleName() + " instead");
                    return;
                }
                MethodFacts f = current();
                if (f != null && c.method.getKind() != ElementKind.CONSTRUCTOR) {
                    f.ownAccess = true;
                }
            }
            case PARAM -> {
                if (c.lambdas > 0) {
                    error(tree, what + " of parameter " + recv + " is accessed inside a lambda, which may run after"
                            + " the unit of work ends; call a method of the object instead");
                }
            }
            default -> error(tree, what + " of an object other than this is accessed outside a unit of work for it;"
                    + " call a method of that object, or name it with an @AliasAtomicSet parameter");
        }
    }

    private boolean isStaticInitializer() {
        for (TreePath p = getCurrentPath(); p != null; p = p.getParentPath()) {
            if (p.getLeaf() instanceof com.sun.source.tree.BlockTree b && p.getParentPath() != null
                    && p.getParentPath().getLeaf() instanceof ClassTree) {
                return b.isStatic();
            }
            if (p.getLeaf() instanceof VariableTree vt && p.getParentPath() != null
                    && p.getParentPath().getLeaf() instanceof ClassTree) {
                Element e = trees.getElement(p);
                return e != null && e.getModifiers().contains(Modifier.STATIC);
            }
        }
        return false;
    }

    // ---------------------------------------------------------------------------------------------
    // Parameter reassignment

    @Override
    public Void visitAssignment(AssignmentTree node, Void v) {
        checkNotReassigned(node.getVariable());
        checkAliasStore(node.getVariable());
        return super.visitAssignment(node, v);
    }

    @Override
    public Void visitCompoundAssignment(CompoundAssignmentTree node, Void v) {
        checkNotReassigned(node.getVariable());
        return super.visitCompoundAssignment(node, v);
    }

    @Override
    public Void visitUnary(UnaryTree node, Void v) {
        checkNotReassigned(node.getExpression());
        return super.visitUnary(node, v);
    }

    private void checkNotReassigned(ExpressionTree target) {
        if (target instanceof IdentifierTree) {
            Element e = trees.getElement(new TreePath(getCurrentPath(), target));
            if (e != null && e.getKind() == ElementKind.PARAMETER && e.getAnnotation(AliasAtomicSet.class) != null) {
                error(target, "@AliasAtomicSet parameter " + e.getSimpleName() + " is reassigned: the unit of work"
                        + " holds the set of the object it was called with");
            }
        }
    }

    private void checkAliasStore(ExpressionTree target) {
        Element e = trees.getElement(new TreePath(getCurrentPath(), target));
        if (e != null && e.getKind() == ElementKind.FIELD && e.getAnnotation(AliasAtomicSet.class) != null) {
            Context c = ctx.peek();
            if (c == null || !e.getEnclosingElement().equals(c.cls)) {
                error(target, "@AliasAtomicSet field " + e.getSimpleName() + " is assigned outside its class "
                        + e.getEnclosingElement().getSimpleName());
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Calls

    @Override
    public Void visitMethodInvocation(MethodInvocationTree node, Void v) {
        Element e = trees.getElement(getCurrentPath());
        MethodFacts f = current();
        if (e instanceof ExecutableElement callee && f != null) {
            ExpressionTree sel = node.getMethodSelect();
            boolean onThis = sel instanceof IdentifierTree && !callee.getModifiers().contains(Modifier.STATIC)
                    || sel instanceof MemberSelectTree ms && ms.getExpression() instanceof IdentifierTree id
                    && (id.getName().contentEquals("this") || id.getName().contentEquals("super"));
            if (onThis && ctx.peek().cls != null && callee.getEnclosingElement() instanceof TypeElement ct
                    && SetModel.inHierarchy(ctx.peek().cls, ct)) {
                f.thisCalls.add(callee);
            } else if (sel instanceof MemberSelectTree ms && !callee.getModifiers().contains(Modifier.STATIC)
                    && classify(new TreePath(getCurrentPath(), ms.getExpression())) == Receiver.ALIAS) {
                f.thisCalls.add(callee); // an object aliased into this set: its units touch this set
            }
            String why = Blocking.why(callee, env.getElementUtils(), env.getTypeUtils());
            if (why != null && !(Blocking.isTaskWait(callee, env.getElementUtils(), env.getTypeUtils())
                    && madeHere(sel))) {
                f.blocking.add(new Blocked(callee, why, node, unit));
            } else if (why == null) {
                f.calls.add(new Blocked(callee, null, node, unit));
            }
        }
        return super.visitMethodInvocation(node, v);
    }

    @Override
    public Void visitMemberReference(com.sun.source.tree.MemberReferenceTree node, Void v) {
        Element e = trees.getElement(getCurrentPath());
        MethodFacts f = current();
        if (e instanceof ExecutableElement callee && f != null && node.getQualifierExpression() instanceof IdentifierTree id
                && id.getName().contentEquals("this")) {
            f.thisCalls.add(callee);
        }
        return super.visitMemberReference(node, v);
    }

    /** Whether a task's join or get is on a local variable initialized here with a new task. */
    private boolean madeHere(ExpressionTree sel) {
        if (sel instanceof MemberSelectTree ms && ms.getExpression() instanceof IdentifierTree id) {
            Element re = trees.getElement(new TreePath(getCurrentPath(), ms.getExpression()));
            if (re != null && re.getKind() == ElementKind.LOCAL_VARIABLE) {
                Tree init = ctx.peek().localInits.get(id.getName().toString());
                return init instanceof NewClassTree
                        || init instanceof MethodInvocationTree mi && mi.getMethodSelect() instanceof MemberSelectTree s
                        && s.getIdentifier().contentEquals("of");
            }
        }
        return false;
    }
}
