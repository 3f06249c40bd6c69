package dev.weft.atomic.processor;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import dev.weft.atomic.AliasAtomicSet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/**
 * Which expressions of one method certainly denote an object in a set the method's unit of work holds, and
 * which set: this object or an object reached from it through alias fields — in this object's set — or an
 * {@code @AliasAtomicSet} parameter of the method or an object reached from one — in that parameter's set,
 * which the unit holds too (an object in a set stays there; see the section on recursive structures in
 * weft-atomic's PROTOCOL.md). It is what lets a unit of a list walk its nodes: {@code for (Node n = head;
 * n != null; n = n.next) n.value} reads {@code value} of an object reached from {@code this}, and a unit
 * with a parameter {@code @AliasAtomicSet IntList other} may walk {@code other.head.next} the same way.
 *
 * <p>A local variable is reached from a root when every value assigned to it is: the root ({@code this},
 * or one of the parameters), an alias field of an object reached from it, {@code null}, another local
 * reached from it in the same method or lambda, or a cast or conditional of those (the greatest such set,
 * so {@code n = n.next} in a loop keeps {@code n}). A local of a for-each loop or assigned anything else is
 * not. A local used inside a lambda that did not declare it is not either: the lambda may run after the
 * unit returns. The processor refuses reassigning an {@code @AliasAtomicSet} parameter, so its name always
 * denotes the object the unit was called with. The weaver's data flow ({@code Receivers}) accepts at least
 * what this accepts, flow-sensitively.
 */
final class ReachedLocals {
    /** What an expression is reached from: this object, or the method's {@code @AliasAtomicSet} parameters. */
    enum Root { THIS, PARAMS }

    private final Trees trees;
    private final TypeElement cls;
    private final boolean instance;
    /** The method's {@code @AliasAtomicSet} parameters. */
    private final Set<Element> params = new HashSet<>();
    /** Each local of reference type, with the method or lambda that declares it. */
    private final Map<Element, Tree> declaredIn = new HashMap<>();
    private final Map<Element, List<TreePath>> assigned = new HashMap<>();
    private final Set<Element> reachedFromThis = new HashSet<>();
    private final Set<Element> reachedFromParams = new HashSet<>();

    ReachedLocals(Trees trees, TreePath method, TypeElement cls, ExecutableElement m) {
        this.trees = trees;
        this.cls = cls;
        this.instance = m != null && !m.getModifiers().contains(Modifier.STATIC) && cls != null
                && SetModel.setOf(cls) != null;
        if (m != null) {
            for (Element p : m.getParameters()) {
                if (p.getAnnotation(AliasAtomicSet.class) != null) {
                    params.add(p);
                }
            }
        }
        if (!instance && params.isEmpty()) {
            return;
        }
        Set<Element> excluded = new HashSet<>();
        new Collector(method.getLeaf(), excluded).scan(method, null);
        if (instance) {
            fixpoint(reachedFromThis, excluded, Root.THIS);
        }
        if (!params.isEmpty()) {
            fixpoint(reachedFromParams, excluded, Root.PARAMS);
        }
    }

    /** The greatest set of locals every assignment of which is reached from {@code root}. */
    private void fixpoint(Set<Element> reached, Set<Element> excluded, Root root) {
        reached.addAll(declaredIn.keySet());
        reached.removeAll(excluded);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Element e : List.copyOf(reached)) {
                for (TreePath p : assigned.getOrDefault(e, List.of())) {
                    if (!reaches(p, declaredIn.get(e), root)) {
                        reached.remove(e);
                        changed = true;
                        break;
                    }
                }
            }
        }
    }

    /**
     * Whether the expression at {@code p}, evaluated in the method or lambda {@code where}, certainly
     * denotes {@code this}, an object reached from it through alias fields, or {@code null}.
     */
    boolean reaches(TreePath p, Tree where) {
        return instance && reaches(p, where, Root.THIS);
    }

    /**
     * Whether the expression at {@code p}, evaluated in the method or lambda {@code where}, certainly
     * denotes one of the method's {@code @AliasAtomicSet} parameters, an object reached from one through
     * alias fields, or {@code null}.
     */
    boolean reachesParam(TreePath p, Tree where) {
        return !params.isEmpty() && reaches(p, where, Root.PARAMS);
    }

    private boolean reaches(TreePath p, Tree where, Root root) {
        Tree t = p.getLeaf();
        if (t instanceof ParenthesizedTree pt) {
            return reaches(new TreePath(p, pt.getExpression()), where, root);
        }
        if (t instanceof TypeCastTree tc) {
            return reaches(new TreePath(p, tc.getExpression()), where, root);
        }
        if (t instanceof ConditionalExpressionTree c) {
            return reaches(new TreePath(p, c.getTrueExpression()), where, root)
                    && reaches(new TreePath(p, c.getFalseExpression()), where, root);
        }
        if (t instanceof LiteralTree l) {
            return l.getKind() == Tree.Kind.NULL_LITERAL;
        }
        if (t instanceof IdentifierTree id) {
            if (id.getName().contentEquals("this")) {
                return root == Root.THIS;
            }
            Element e = trees.getElement(p);
            if (e == null) {
                return false;
            }
            if (e.getKind() == ElementKind.LOCAL_VARIABLE) {
                Set<Element> reached = root == Root.THIS ? reachedFromThis : reachedFromParams;
                return reached.contains(e) && declaredIn.get(e) == where;
            }
            if (e.getKind() == ElementKind.PARAMETER) {
                return root == Root.PARAMS && params.contains(e);
            }
            return root == Root.THIS && isAliasField(e) && e.getEnclosingElement() instanceof TypeElement owner
                    && SetModel.inHierarchy(cls, owner); // an alias field of this, by simple name
        }
        if (t instanceof MemberSelectTree ms) {
            if (ms.getIdentifier().contentEquals("this")) {
                Element outer = trees.getElement(new TreePath(p, ms.getExpression()));
                return root == Root.THIS && cls.equals(outer);
            }
            Element e = trees.getElement(p);
            return e != null && isAliasField(e) && reaches(new TreePath(p, ms.getExpression()), where, root);
        }
        return false;
    }

    private static boolean isAliasField(Element e) {
        return e.getKind() == ElementKind.FIELD && e.getAnnotation(AliasAtomicSet.class) != null
                && !e.getModifiers().contains(Modifier.STATIC);
    }

    /** Gathers the method's locals of reference type and what is assigned to them; skips nested classes. */
    private final class Collector extends TreePathScanner<Void, Void> {
        private final Deque<Tree> where = new ArrayDeque<>();
        private final Set<Element> excluded;

        Collector(Tree method, Set<Element> excluded) {
            where.push(method);
            this.excluded = excluded;
        }

        @Override
        public Void visitClass(ClassTree node, Void v) {
            return null; // its methods are analysed on their own
        }

        @Override
        public Void visitLambdaExpression(LambdaExpressionTree node, Void v) {
            where.push(node);
            try {
                return super.visitLambdaExpression(node, v);
            } finally {
                where.pop();
            }
        }

        @Override
        public Void visitVariable(VariableTree node, Void v) {
            Element e = trees.getElement(getCurrentPath());
            if (e != null && e.getKind() == ElementKind.LOCAL_VARIABLE && !e.asType().getKind().isPrimitive()) {
                declaredIn.put(e, where.peek());
                if (node.getInitializer() != null) {
                    assigned.computeIfAbsent(e, k -> new ArrayList<>())
                            .add(new TreePath(getCurrentPath(), node.getInitializer()));
                }
                if (getCurrentPath().getParentPath().getLeaf() instanceof EnhancedForLoopTree) {
                    excluded.add(e);
                }
            }
            return super.visitVariable(node, v);
        }

        @Override
        public Void visitAssignment(AssignmentTree node, Void v) {
            if (node.getVariable() instanceof IdentifierTree) {
                Element e = trees.getElement(new TreePath(getCurrentPath(), node.getVariable()));
                if (e != null && e.getKind() == ElementKind.LOCAL_VARIABLE) {
                    assigned.computeIfAbsent(e, k -> new ArrayList<>())
                            .add(new TreePath(getCurrentPath(), node.getExpression()));
                }
            }
            return super.visitAssignment(node, v);
        }
    }
}
