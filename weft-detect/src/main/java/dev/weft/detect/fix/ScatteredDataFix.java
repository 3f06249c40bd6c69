package dev.weft.detect.fix;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.YieldStmt;
import dev.weft.detect.Finding;
import dev.weft.detect.analysis.Api;
import dev.weft.detect.analysis.ClassScope;
import dev.weft.detect.analysis.Forks;
import dev.weft.detect.analysis.Resolver;
import dev.weft.detect.analysis.TypeRef;
import dev.weft.detect.rules.Hit;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Rewrites scattered data (B4) the way the paper's slides draw it: a-b-a-b becomes a-a-a b-b-b. The loop
 * collects its subtasks in a list instead of forking each one as it is made, and a second loop right after it
 * forks them all.
 *
 * <pre>{@code
 * List<ForkJoinTask<?>> subtasks = new ArrayList<>();
 * for (...) {
 *     Sub t = new Sub(...);
 *     subtasks.add(t);              // was: t.fork();
 *     parts.add(t);
 * }
 * for (ForkJoinTask<?> subtask : subtasks) {
 *     subtask.fork();
 * }
 * }</pre>
 *
 * <p>The forks are only deferred to the end of the loop, in the same order: the code after the loop finds every
 * subtask forked, as before, and joins them as before (an {@code invokeAll} there would instead wait for them,
 * so that a second loop would start its group only after the first had finished). Safe when the loop only forks:
 * no fork's value used, nothing joined, awaited, polled or locked inside it (a subtask not forked yet cannot be
 * waited for), no early {@code return}/{@code throw} that would skip the forks. An exception thrown by code the
 * loop calls also skips them, where before the subtasks forked until then kept running on their own.
 */
final class ScatteredDataFix {
    /** Calls of a task or future that wait for it, or ask about it: the rewritten loop has not forked it yet. */
    private static final Set<String> TASK_WAITS = Set.of("join", "invoke", "get", "quietlyJoin", "quietlyInvoke",
            "isDone", "isCompletedNormally", "isCompletedAbnormally", "getRawResult", "tryUnfork", "resultNow");
    /** Calls that block or wait whatever their receiver: a subtask could be what they wait for. */
    private static final Set<String> WAITS = Set.of("helpQuiesce", "invokeAll", "await", "awaitAdvance",
            "arriveAndAwaitAdvance", "acquire", "take", "lock", "lockInterruptibly", "sleep", "park", "parkNanos",
            "parkUntil", "wait", "exchange", "transfer", "getQueuedTaskCount", "getSurplusQueuedTaskCount");

    private final Resolver resolver;
    private final Edits edits;

    ScatteredDataFix(Resolver resolver, Edits edits) {
        this.resolver = resolver;
        this.edits = edits;
    }

    Finding.Fix fix(Hit hit) {
        try {
            // A copy-on-fork rewrite may have turned this loop into an index loop already.
            return new Finding.Fix(true, rewrite(edits.current((Statement) hit.node())));
        } catch (Refusal r) {
            return new Finding.Fix(false, r.getMessage());
        }
    }

    private String rewrite(Statement loop) throws Refusal {
        Statement body = Forks.loopBody(loop);
        List<MethodCallExpr> forks = Forks.forksIn(loop);
        if (forks.isEmpty()) {
            for (MethodCallExpr call : resolver.forks().preparedForks(loop)) {
                MethodDeclaration helper = resolver.forks().forkingHelper(call);
                if (helper != null) {
                    throw new Refusal("the subtasks are forked in " + helper.getNameAsString() + "(), which the loop"
                            + " calls; have it return the task, collect them in the loop and fork them after it");
                }
            }
            throw new Refusal("the loop forks no subtask itself");
        }
        boolean weft = false;
        boolean forkJoin = false;
        for (MethodCallExpr f : forks) {
            if (!(f.getParentNode().orElse(null) instanceof ExpressionStmt)) {
                throw new Refusal("the value of " + RangeRewrite.text(f) + " is used ("
                        + RangeRewrite.text(f.getParentNode().orElseThrow()) + "); collect the task before forking"
                        + " it by hand");
            }
            TypeRef t = resolver.expressions().receiverType(f.getScope().get());
            String kind = t != null ? t.name() : enclosingTaskKind(loop);
            if (resolver.names().isSubtype(kind, Api.WEFT_TASK)) {
                weft = true;
            } else if (resolver.names().isSubtype(kind, Api.FJ_TASK)) {
                forkJoin = true;
            } else {
                throw new Refusal("cannot tell whether " + RangeRewrite.text(f.getScope().get())
                        + " is a ForkJoinTask or a Weft Task");
            }
        }
        if (weft == forkJoin) {
            throw new Refusal("the loop forks both ForkJoinTasks and Weft Tasks");
        }
        for (Node n : body.findAll(Node.class, n -> n instanceof MethodCallExpr || n instanceof SynchronizedStmt)) {
            if (sameCode(n, loop) && (n instanceof SynchronizedStmt || waits((MethodCallExpr) n))) {
                throw new Refusal("the loop waits or blocks while it forks (" + RangeRewrite.text(n) + "); with the"
                        + " forks after the loop, it would wait for subtasks that have not started");
            }
        }
        for (Node exit : body.findAll(Node.class, n -> n instanceof ReturnStmt || n instanceof ThrowStmt
                || n instanceof YieldStmt || (n instanceof BreakStmt b && b.getLabel().isPresent())
                || (n instanceof ContinueStmt c && c.getLabel().isPresent()))) {
            if (sameCode(exit, loop)) {
                throw new Refusal("the loop can leave early (" + RangeRewrite.text(exit) + " at line "
                        + RangeRewrite.line(exit) + "), skipping the forks after it");
            }
        }
        if (!(loop.getParentNode().orElse(null) instanceof BlockStmt block)) {
            throw new Refusal("the loop is not a statement of a block, so there is no place for the forks after it");
        }

        String list = freshName(loop, "subtasks");
        String element = freshName(loop, "subtask");
        String taskType = weft ? use(loop, Api.WEFT_TASK) : use(loop, forkJoinTaskOf(loop));
        String listType = use(loop, "java.util.List");
        String arrayList = use(loop, "java.util.ArrayList");
        int at = Edits.indexOf(block.getStatements(), loop);
        // Below Java 7 there is no diamond: the list's type arguments are written out.
        String typeArguments = edits.diamond(loop) ? "<>" : "<" + taskType + "<?>>";
        edits.insertStatement(block, at, Edits.statement(listType + "<" + taskType + "<?>> " + list + " = new "
                + arrayList + typeArguments + "();"));
        for (MethodCallExpr f : forks) {
            ExpressionStmt stmt = (ExpressionStmt) f.getParentNode().orElseThrow();
            stmt.setExpression(Edits.expression(list + ".add(" + f.getScope().get() + ")"));
        }
        edits.insertStatement(block, at + 2, Edits.statement("for (" + taskType + "<?> " + element + " : " + list
                + ") {\n    " + element + ".fork();\n}"));
        edits.touched(block);
        return "the loop now collects its subtasks in '" + list + "' and forks them all right after it";
    }

    /** Whether a call in the loop waits for or asks about a task: a blocking call, or a task's or future's join. */
    private boolean waits(MethodCallExpr m) {
        String name = m.getNameAsString();
        if (WAITS.contains(name)) {
            return true;
        }
        if (!TASK_WAITS.contains(name)) {
            return false;
        }
        if (m.getScope().isEmpty()) {
            return true;
        }
        TypeRef t = resolver.expressions().typeOf(m.getScope().get());
        return t == null || resolver.names().isTaskType(t.name()) || resolver.names().isSubtype(t, Api.FUTURE);
    }

    private String enclosingTaskKind(Node n) {
        ClassScope c = resolver.bindings().enclosingClass(n);
        return c == null ? null : c.key();
    }

    /**
     * The ForkJoinTask the file's tasks are: java.util.concurrent's, or that of the older copy of the framework
     * the file imports ({@code jsr166y.ForkJoinTask}), whose tasks would not fit a list of the other.
     */
    private String forkJoinTaskOf(Node at) {
        CompilationUnit cu = at.findCompilationUnit().orElseThrow();
        for (ImportDeclaration imp : cu.getImports()) {
            if (imp.isStatic() || imp.isModule()) {
                continue;
            }
            String pkg = imp.isAsterisk() ? imp.getNameAsString()
                    : imp.getName().getQualifier().map(q -> q.asString()).orElse("");
            String simple = imp.isAsterisk() ? "ForkJoinTask" : imp.getName().getIdentifier();
            if (Api.FORK_JOIN_COPIES.containsKey(simple) && !pkg.equals("java.util.concurrent")
                    && resolver.names().forkJoinOriginal(pkg + "." + simple) != null) {
                return pkg + ".ForkJoinTask";
            }
        }
        return Api.FJ_TASK;
    }

    /** Whether {@code n} runs as part of the loop itself, not in a lambda or class declared inside it. */
    private static boolean sameCode(Node n, Statement loop) {
        for (Node p = n.getParentNode().orElse(null); p != null && p != loop; p = p.getParentNode().orElse(null)) {
            if (p instanceof LambdaExpr || p instanceof BodyDeclaration<?>) {
                return false;
            }
        }
        return true;
    }

    private static String freshName(Statement loop, String base) {
        Node scope = loop;
        for (Node p = loop; p != null; p = p.getParentNode().orElse(null)) {
            scope = p;
            if (p instanceof BodyDeclaration<?>) {
                break;
            }
        }
        Set<String> used = new HashSet<>();
        scope.findAll(SimpleName.class).forEach(s -> used.add(s.getIdentifier()));
        String name = base;
        for (int i = 2; used.contains(name); i++) {
            name = base + i;
        }
        return name;
    }

    /**
     * The name to write for type {@code fqn} at {@code at}: its simple name if the file already sees the type by it
     * (imported, same package, java.lang) and nothing nearer hides it; else its simple name after adding the import,
     * if the name is free there; else the qualified name.
     */
    private String use(Node at, String fqn) {
        int dot = fqn.lastIndexOf('.');
        String pkg = fqn.substring(0, dot);
        String simple = fqn.substring(dot + 1);
        CompilationUnit cu = at.findCompilationUnit().orElseThrow();
        boolean seen = pkg.equals("java.lang")
                || cu.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("").equals(pkg);
        for (ImportDeclaration imp : cu.getImports()) {
            if (!imp.isStatic() && !imp.isModule()
                    && (imp.isAsterisk() ? imp.getNameAsString().equals(pkg) : imp.getNameAsString().equals(fqn))) {
                seen = true;
            }
        }
        String visible = resolver.names().visibleType(simple, at);
        if (seen) {
            return visible == null || resolver.names().canonical(visible).equals(resolver.names().canonical(fqn))
                    ? simple : fqn;
        }
        if (visible != null) {
            return fqn;
        }
        Edits.addImport(cu, fqn);
        return simple;
    }
}
