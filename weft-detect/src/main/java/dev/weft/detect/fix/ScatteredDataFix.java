package dev.weft.detect.fix;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
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
 * Rewrites scattered data (B4) the way the paper proposes: the loop collects its subtasks in a list instead of
 * forking each one, and {@code invokeAll} runs them right after the loop.
 *
 * <pre>{@code
 * List<ForkJoinTask<?>> subtasks = new ArrayList<>();
 * for (...) {
 *     Sub t = new Sub(...);
 *     subtasks.add(t);              // was: t.fork();
 *     parts.add(t);
 * }
 * ForkJoinTask.invokeAll(subtasks);  // later joins return at once
 * }</pre>
 *
 * <p>Safe when the loop only forks (no fork's value used, nothing joined, awaited or polled inside it, no early
 * {@code return}/{@code throw}) and the code after the loop does not signal or wait for the subtasks while
 * they run: with the rewrite they have all finished before that code starts.
 */
final class ScatteredDataFix {
    private static final Set<String> WAITS = Set.of("join", "invoke", "get", "quietlyJoin", "quietlyInvoke",
            "isDone", "isCompletedNormally", "isCompletedAbnormally", "getRawResult", "helpQuiesce", "tryUnfork",
            "invokeAll", "resultNow");
    private static final Set<String> SIGNALS = Set.of("countDown", "signal", "signalAll", "notify", "notifyAll",
            "release", "arrive", "arriveAndDeregister", "arriveAndAwaitAdvance", "unpark", "complete",
            "completeExceptionally", "put", "offer", "transfer", "exchange", "wait", "await", "lock",
            "lockInterruptibly", "acquire", "take", "sleep", "park", "parkNanos", "tryUnfork", "isDone");

    private final Resolver resolver;
    private final Edits edits;

    ScatteredDataFix(Resolver resolver, Edits edits) {
        this.resolver = resolver;
        this.edits = edits;
    }

    Finding.Fix fix(Hit hit) {
        try {
            return new Finding.Fix(true, rewrite((Statement) hit.node()));
        } catch (Refusal r) {
            return new Finding.Fix(false, r.getMessage());
        }
    }

    private String rewrite(Statement loop) throws Refusal {
        Statement body = Forks.loopBody(loop);
        List<MethodCallExpr> forks = body.findAll(MethodCallExpr.class, m -> m.getNameAsString().equals("fork")
                && m.getArguments().isEmpty() && m.getScope().isPresent() && Forks.innermostLoop(m) == loop);
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
        for (MethodCallExpr m : body.findAll(MethodCallExpr.class)) {
            if (WAITS.contains(m.getNameAsString()) && sameCode(m, loop)) {
                throw new Refusal("the loop waits on tasks while it forks them (" + RangeRewrite.text(m)
                        + "); with invokeAll after the loop that wait would come first");
            }
        }
        for (Node exit : body.findAll(Node.class, n -> n instanceof ReturnStmt || n instanceof ThrowStmt
                || n instanceof YieldStmt || (n instanceof BreakStmt b && b.getLabel().isPresent())
                || (n instanceof ContinueStmt c && c.getLabel().isPresent()))) {
            if (sameCode(exit, loop)) {
                throw new Refusal("the loop can leave early (" + RangeRewrite.text(exit) + " at line "
                        + RangeRewrite.line(exit) + "), skipping the invokeAll that would start the subtasks");
            }
        }
        if (!(loop.getParentNode().orElse(null) instanceof BlockStmt block)) {
            throw new Refusal("the loop is not a statement of a block, so there is no place for the invokeAll");
        }
        int at = Edits.indexOf(block.getStatements(), loop);
        for (int i = at + 1; i < block.getStatements().size(); i++) {
            Statement after = block.getStatement(i);
            boolean syncs = !after.findAll(SynchronizedStmt.class).isEmpty()
                    || !after.findAll(MethodCallExpr.class, m -> SIGNALS.contains(m.getNameAsString())).isEmpty();
            if (syncs) {
                throw new Refusal("code after the loop synchronizes with the subtasks while they run ("
                        + RangeRewrite.text(after) + "), and they would all have finished before it");
            }
        }

        String list = freshName(loop);
        String taskType = weft ? use(loop, Api.WEFT_TASK) : use(loop, Api.FJ_TASK);
        String listType = use(loop, "java.util.List");
        String arrayList = use(loop, "java.util.ArrayList");
        Edits.insertStatement(block, at, Edits.statement(listType + "<" + taskType + "<?>> " + list + " = new "
                + arrayList + "<>();"));
        for (MethodCallExpr f : forks) {
            ExpressionStmt stmt = (ExpressionStmt) f.getParentNode().orElseThrow();
            stmt.setExpression(Edits.expression(list + ".add(" + f.getScope().get() + ")"));
        }
        Edits.insertStatement(block, at + 2, Edits.statement(taskType + ".invokeAll(" + list + ");"));
        edits.touched(block);
        return "the loop now collects its subtasks in '" + list + "' and " + taskType + ".invokeAll(" + list
                + ") runs them after it";
    }

    private String enclosingTaskKind(Node n) {
        ClassScope c = resolver.bindings().enclosingClass(n);
        return c == null ? null : c.key();
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

    private static String freshName(Statement loop) {
        Node scope = loop;
        for (Node p = loop; p != null; p = p.getParentNode().orElse(null)) {
            scope = p;
            if (p instanceof BodyDeclaration<?>) {
                break;
            }
        }
        Set<String> used = new HashSet<>();
        scope.findAll(SimpleName.class).forEach(s -> used.add(s.getIdentifier()));
        String name = "subtasks";
        for (int i = 2; used.contains(name); i++) {
            name = "subtasks" + i;
        }
        return name;
    }

    /**
     * The name to write for type {@code fqn} at {@code at}: its simple name, importing it if need be, or the
     * qualified name when the simple one means something else there.
     */
    private String use(Node at, String fqn) {
        String simple = fqn.substring(fqn.lastIndexOf('.') + 1);
        CompilationUnit cu = at.findCompilationUnit().orElseThrow();
        for (ImportDeclaration imp : cu.getImports()) {
            if (!imp.isStatic() && !imp.isAsterisk() && imp.getNameAsString().equals(fqn)) {
                return simple;
            }
        }
        String resolved = resolver.names().resolveTypeName(simple, at);
        if (fqn.equals(resolved)) {
            return simple;
        }
        if (resolved != null && !resolved.equals(Api.WELL_KNOWN.get(simple))) {
            return fqn;
        }
        cu.addImport(fqn);
        return simple;
    }
}
