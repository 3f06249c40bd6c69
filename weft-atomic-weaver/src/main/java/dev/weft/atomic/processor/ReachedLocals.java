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
 * Which expressions of one method certainly denote this object or an object reached from it through alias
 * fields — and so lie in this object's set, under the lock its units hold (an object in a set stays there;
 * see the section on recursive structures in weft-atomic's PROTOCOL.md). It is what lets a unit of a list walk its nodes: {@code for (Node n =
 * head; n != null; n = n.next) n.value} reads {@code value} of an object reached from {@code this}.
 *
 * <p>A local variable is reached when every value assigned to it is: {@code this}, an alias field of a
 * reached object, {@code null}, another reached local of the same method or lambda, or a cast or
 * conditional of those (the greatest such set, so {@code n = n.next} in a loop keeps {@code n}). A local
 * of a for-each loop or assigned anything else is not. A local used inside a lambda that did not declare it
 * is not either: the lambda may run after the unit returns. The weaver's data flow ({@code Receivers})
 * accepts at least what this accepts, flow-sensitively.
 */
final class ReachedLocals {
    private final Trees trees;
    private final TypeElement cls;
    private final boolean instance;
    /** Each local of reference type, with the method or lambda that declares it. */
    private final Map<Element, Tree> declaredIn = new HashMap<>();
    private final Map<Element, List<TreePath>> assigned = new HashMap<>();
    private final Set<Element> reached = new HashSet<>();

    ReachedLocals(Trees trees, TreePath method, TypeElement cls, ExecutableElement m) {
        this.trees = trees;
        this.cls = cls;
        this.instance = m != null && !m.getModifiers().contains(Modifier.STATIC) && cls != null
                && SetModel.setOf(cls) != null;
        if (!instance) {
            return;
        }
        Set<Element> excluded = new HashSet<>();
        new Collector(method.getLeaf(), excluded).scan(method, null);
        reached.addAll(declaredIn.keySet());
        reached.removeAll(excluded);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Element e : List.copyOf(reached)) {
                for (TreePath p : assigned.getOrDefault(e, List.of())) {
                    if (!reaches(p, declaredIn.get(e))) {
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
        if (!instance) {
            return false;
        }
        Tree t = p.getLeaf();
        if (t instanceof ParenthesizedTree pt) {
            return reaches(new TreePath(p, pt.getExpression()), where);
        }
        if (t instanceof TypeCastTree tc) {
            return reaches(new TreePath(p, tc.getExpression()), where);
        }
        if (t instanceof ConditionalExpressionTree c) {
            return reaches(new TreePath(p, c.getTrueExpression()), where)
                    && reaches(new TreePath(p, c.getFalseExpression()), where);
        }
        if (t instanceof LiteralTree l) {
            return l.getKind() == Tree.Kind.NULL_LITERAL;
        }
        if (t instanceof IdentifierTree id) {
            if (id.getName().contentEquals("this")) {
                return true;
            }
            Element e = trees.getElement(p);
            if (e == null) {
                return false;
            }
            if (e.getKind() == ElementKind.LOCAL_VARIABLE) {
                return reached.contains(e) && declaredIn.get(e) == where;
            }
            return isAliasField(e) && e.getEnclosingElement() instanceof TypeElement owner
                    && SetModel.inHierarchy(cls, owner); // an alias field of this, by simple name
        }
        if (t instanceof MemberSelectTree ms) {
            if (ms.getIdentifier().contentEquals("this")) {
                Element outer = trees.getElement(new TreePath(p, ms.getExpression()));
                return cls.equals(outer);
            }
            Element e = trees.getElement(p);
            return e != null && isAliasField(e) && reaches(new TreePath(p, ms.getExpression()), where);
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
