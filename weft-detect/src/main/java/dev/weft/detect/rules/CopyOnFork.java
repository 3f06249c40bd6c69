package dev.weft.detect.rules;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import dev.weft.detect.Bottleneck;
import dev.weft.detect.analysis.Ast;
import dev.weft.detect.analysis.Binding;
import dev.weft.detect.analysis.ClassScope;
import dev.weft.detect.analysis.Copies;
import dev.weft.detect.analysis.Forks;
import dev.weft.detect.analysis.Snippets;
import dev.weft.detect.analysis.TaskBody;
import dev.weft.detect.analysis.TypeRef;
import java.util.ArrayList;
import java.util.List;

/**
 * B2, copy on fork: data copied, or a view taken of it, and handed to a subtask: passed to a task's
 * constructor, captured by a forked lambda, or stored by a task's constructor into the new task. The copies are
 * those {@link Copies} knows: the JDK's copying calls, a stream of existing data collected, a new collection
 * filled from existing data, a helper method of the sources that returns one of those, and the {@code subList}
 * view.
 *
 * <p>How much it costs depends on where the copy is made. When the subtask runs the copying code again (the
 * recursion of divide and conquer) the data is copied at every level: the bottleneck as the paper describes it.
 * When a loop hands each of its subtasks a copy of its chunk, the whole input is copied once, in many short-lived
 * pieces: still a finding. A copy made once while setting up a subtask that does not come back to it (a root
 * task given a working copy) costs one copy per run: a note.
 *
 * <p>A copy that stays in the task (a leaf sorting its own scratch copy) is not this bottleneck.
 */
final class CopyOnFork implements Rule {

    /** How many helper calls deep a copy is followed to the subtask it is handed to. */
    private static final int HELPER_DEPTH = 2;

    /** Where copied data goes: a task, and the code that task runs (to tell whether the copy recurs). */
    private record Subtask(String description, List<Node> code) {
    }

    @Override
    public Bottleneck bottleneck() {
        return Bottleneck.B2;
    }

    @Override
    public void visit(Node node, TaskBody body, RuleContext ctx) {
        if (!(node instanceof Expression e)) {
            return;
        }
        Copies copies = ctx.resolver().copies();
        Copies.Copy copy = copies.of(e);
        String what;
        Subtask subtask;
        if (copy != null) {
            what = copy.what();
            subtask = e instanceof MethodCallExpr m && m.getNameAsString().equals("arraycopy")
                    ? freshArrayHandedOn(m, ctx) : handedToSubtask(e, ctx);
        } else if ((e instanceof ArrayCreationExpr || e instanceof ObjectCreationExpr)
                && e.getParentNode().orElse(null) instanceof VariableDeclarator v && Ast.enclosingCallable(v) != null) {
            Copies.Fill fill = copies.filledFromData(v);
            if (fill == null || fill.byArraycopy()) {
                return;
            }
            copy = new Copies.Copy(Copies.Kind.COPY, fill.what(), null);
            what = fill.what();
            subtask = viaVariable(v, v.getNameAsString(), ctx, 0);
        } else {
            return;
        }
        if (subtask == null) {
            return;
        }
        boolean view = copy.kind() == Copies.Kind.VIEW;
        String head = view
                ? what + " hands " + subtask.description() + " a view of the list, not a copy: "
                : what + " copies data that is then handed to " + subtask.description() + ": ";
        if (recurs(e, subtask, ctx)) {
            ctx.report(e, Bottleneck.B2, head + (view ? VIEW_COST : COST) + " " + (view ? VIEW_FIX : FIX), body);
        } else if (Forks.innermostLoop(e) != null) {
            ctx.report(e, Bottleneck.B2, head + (view ? VIEW_COST_LOOP : COST_LOOP) + " " + (view ? VIEW_FIX : FIX),
                    body);
        } else {
            ctx.note(e, Bottleneck.B2, head + (view ? ONE_OFF_VIEW : ONE_OFF), body);
        }
    }

    /** Whether the subtask runs the code that makes the copy again: then it is made at every level. */
    private static boolean recurs(Expression copy, Subtask subtask, RuleContext ctx) {
        Node where = copy;
        while (where != null && !(where instanceof CallableDeclaration<?>)) {
            where = where.getParentNode().orElse(null);
        }
        return where != null && ctx.code().reaches(subtask.code(), where);
    }

    /**
     * What subtask the value of copy {@code copy} is handed to, or null: directly as a task constructor's
     * argument, through a local variable, into a field of a task being constructed, or inside a forked lambda.
     */
    private static Subtask handedToSubtask(Expression copy, RuleContext ctx) {
        Expression e = Ast.wrapped(copy);
        Node parent = e.getParentNode().orElse(null);
        Subtask direct = taskArgument(e, parent, ctx, 0);
        if (direct != null) {
            return direct;
        }
        if (parent instanceof VariableDeclarator v) {
            return viaVariable(v, v.getNameAsString(), ctx, 0);
        }
        if (parent instanceof AssignExpr a && a.getValue() == e) {
            Expression target = a.getTarget();
            // A buffer grown in place ({@code run = Arrays.copyOf(run, 2 * n)}) is the same data, not a copy of it.
            if (copy instanceof MethodCallExpr m && !m.getArguments().isEmpty()
                    && Ast.unwrap(m.getArgument(0)).toString().equals(Ast.unwrap(target).toString())) {
                return null;
            }
            Subtask field = fieldOfNewTask(target, a, ctx);
            if (field != null) {
                return field;
            }
            if (target instanceof NameExpr n) {
                Binding b = ctx.bindings().lookup(n.getNameAsString(), n);
                if (b != null && b.kind() == Binding.Kind.LOCAL) {
                    return viaVariable(b.declarator(), n.getNameAsString(), ctx, 0);
                }
            }
        }
        // Inside a forked lambda, a copy passed on (`() -> sum(copyOfRange(a, 0, mid))`) is made for the subtask.
        for (Node p = parent; p != null && !(p instanceof BodyDeclaration<?>); p = p.getParentNode().orElse(null)) {
            if (p instanceof LambdaExpr l) {
                String api = ctx.forks().forkedLambdaApi(l);
                if (api != null && (parent instanceof MethodCallExpr || parent instanceof ObjectCreationExpr)) {
                    return new Subtask("the subtask forked by " + api, List.of(l));
                }
                break;
            }
        }
        return null;
    }

    /**
     * The task a value is passed to when {@code e} is an argument of {@code new SomeTask(...)}, or of a call to a
     * method of the sources that hands that parameter to a subtask ({@code spawn(xs.subList(0, mid))}); else null.
     */
    private static Subtask taskArgument(Expression e, Node parent, RuleContext ctx, int depth) {
        if (parent instanceof ObjectCreationExpr o && Ast.containsSame(o.getArguments(), e)) {
            TypeRef t = ctx.names().resolveType(o.getType(), o);
            if (t != null && ctx.names().isTaskType(t.name())) {
                List<Node> code = o.getAnonymousClassBody().isPresent() ? taskMethods(o) : taskMethods(t.name(), ctx);
                return new Subtask("subtask " + Snippets.text(o), code);
            }
        }
        if (parent instanceof MethodCallExpr call && depth < HELPER_DEPTH && Ast.containsSame(call.getArguments(), e)) {
            int i = Ast.indexOfSame(call.getArguments(), e);
            for (CallableDeclaration<?> target : ctx.calls().targets(call)) {
                if (target instanceof MethodDeclaration md && md.getBody().isPresent() && i < md.getParameters().size()
                        && !md.getParameter(i).isVarArgs()) {
                    Parameter p = md.getParameter(i);
                    Subtask s = viaVariable(p, p.getNameAsString(), ctx, depth + 1);
                    if (s != null) {
                        return new Subtask(s.description() + " (in " + md.getNameAsString() + "())", s.code());
                    }
                }
            }
        }
        return null;
    }

    private static Subtask viaVariable(Node declarator, String name, RuleContext ctx, int depth) {
        Node callable = Ast.enclosingCallable(declarator);
        for (NameExpr use : ctx.bindings().uses(declarator, name, callable)) {
            Expression w = Ast.wrapped(use);
            // An element of an array of copies ({@code halves[0]}) carries one of them.
            if (w.getParentNode().orElse(null) instanceof ArrayAccessExpr element && element.getName() == w) {
                w = Ast.wrapped(element);
            }
            Subtask direct = taskArgument(w, w.getParentNode().orElse(null), ctx, depth);
            if (direct != null) {
                return direct;
            }
            // Copied again on the way ({@code () -> sum(copyOfRange(a, 0, mid))}): the subtask gets that copy.
            if (w.getParentNode().orElse(null) instanceof Expression parent && ctx.resolver().copies().of(parent) != null) {
                continue;
            }
            // In a helper, a lambda that reads only a part of the parameter ({@code a.length}) is not handed it.
            if (depth > 0 && w.getParentNode().orElse(null) instanceof Expression parent
                    && (parent instanceof FieldAccessExpr || parent instanceof ArrayAccessExpr
                    || parent instanceof MethodCallExpr m && m.getScope().orElse(null) == w)) {
                continue;
            }
            for (Node p = use.getParentNode().orElse(null); p != null && p != callable; p = p.getParentNode().orElse(null)) {
                if (p instanceof LambdaExpr l && ctx.forks().forkedLambdaApi(l) != null) {
                    return new Subtask("the subtask forked by " + ctx.forks().forkedLambdaApi(l), List.of(l));
                }
                if (p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
                    TypeRef t = ctx.names().resolveType(o.getType(), o);
                    if (t != null && ctx.names().isTaskType(t.name())) {
                        return new Subtask("an anonymous " + o.getType().getNameAsString() + " subtask", taskMethods(o));
                    }
                }
            }
        }
        return null;
    }

    /** "the new task's field f" when a task's constructor stores the copy into its own field; else null. */
    private static Subtask fieldOfNewTask(Expression target, Node at, RuleContext ctx) {
        if (!(Ast.enclosingCallable(at) instanceof ConstructorDeclaration)) {
            return null;
        }
        String field;
        if (target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
            field = f.getNameAsString();
        } else if (target instanceof NameExpr n) {
            Binding b = ctx.bindings().lookup(n.getNameAsString(), n);
            if (b == null || b.kind() != Binding.Kind.FIELD) {
                return null;
            }
            field = n.getNameAsString();
        } else {
            return null;
        }
        ClassScope c = ctx.bindings().enclosingClass(at);
        if (c == null || c.key() == null || !ctx.names().isTaskType(c.key())) {
            return null;
        }
        return new Subtask("the new task's field '" + field + "' (a defensive copy in its constructor, made for"
                + " every task constructed)", taskMethods(c.key(), ctx));
    }

    /** For {@code System.arraycopy(src, .., dst, ..)} into a fresh local array: what that array is handed to. */
    private static Subtask freshArrayHandedOn(MethodCallExpr m, RuleContext ctx) {
        if (!(Ast.unwrap(m.getArgument(2)) instanceof NameExpr dst)) {
            return null;
        }
        Binding b = ctx.bindings().lookup(dst.getNameAsString(), dst);
        if (b == null || b.kind() != Binding.Kind.LOCAL || !(b.initializer() instanceof ArrayCreationExpr)
                || !(b.declarator() instanceof VariableDeclarator v)) {
            return null;
        }
        if (Ast.unwrap(m.getArgument(0)) instanceof NameExpr src && src.getNameAsString().equals(dst.getNameAsString())) {
            return null;
        }
        return viaVariable(v, v.getNameAsString(), ctx, 0);
    }

    /** The code a task of this class runs: its compute/exec, declared or inherited from the sources. */
    private static List<Node> taskMethods(String taskKey, RuleContext ctx) {
        List<Node> code = new ArrayList<>();
        for (String m : List.of("compute", "exec")) {
            code.addAll(ctx.calls().projectMethods(taskKey, m, 0));
        }
        return code;
    }

    private static List<Node> taskMethods(ObjectCreationExpr anonymous) {
        List<Node> code = new ArrayList<>();
        for (BodyDeclaration<?> member : anonymous.getAnonymousClassBody().orElseThrow()) {
            if (member instanceof MethodDeclaration md && md.getParameters().isEmpty()
                    && (md.getNameAsString().equals("compute") || md.getNameAsString().equals("exec"))) {
                code.add(md);
            }
        }
        return code;
    }

    private static final String COST = "each level of the recursion allocates and copies its slice again,"
            + " O(n log n) bytes of short-lived garbage for the collector and memory traffic before the subtask can"
            + " start (data management layer: copy on fork).";
    private static final String COST_LOOP = "each subtask of this loop gets its own copy of its part, so the"
            + " whole input is copied once more, in one short-lived allocation per subtask, before the subtasks can"
            + " start (data management layer: copy on fork).";
    private static final String FIX = "Share the data and pass the subtask an index range (from, to) instead.";
    private static final String VIEW_COST = "every subtask down the recursion reads the parent's list through"
            + " views, paying an offset and a modification check per access, keeps the whole parent list reachable"
            + " while it runs, and fails with ConcurrentModificationException if the list is structurally modified"
            + " meanwhile (data management layer: copy on fork).";
    private static final String VIEW_COST_LOOP = "each subtask of this loop reads the parent's list through a view,"
            + " paying an offset and a modification check per access, keeps the whole list reachable while it runs,"
            + " and fails with ConcurrentModificationException if the list is structurally modified meanwhile (data"
            + " management layer: copy on fork).";
    private static final String VIEW_FIX = "Pass the subtask the list itself and an index range (from, to) instead.";
    private static final String ONE_OFF = "the copy is made once, while setting up a subtask that does not come"
            + " back to this code, not at every level of a recursion: it costs one copy of the data per run. An index"
            + " range into the original would avoid even that, if nothing modifies it meanwhile.";
    private static final String ONE_OFF_VIEW = "the view is taken once, while setting up a subtask that does not"
            + " come back to this code: it costs an indirection per access. An index range into the list would avoid"
            + " it.";
}
