package dev.weft.detect.rules;

import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import dev.weft.detect.Bottleneck;
import dev.weft.detect.analysis.Ast;
import dev.weft.detect.analysis.Binding;
import dev.weft.detect.analysis.Bindings;
import dev.weft.detect.analysis.ExpressionTypes;
import dev.weft.detect.analysis.Sharing;
import dev.weft.detect.analysis.Snippets;
import dev.weft.detect.analysis.TaskBody;
import dev.weft.detect.analysis.TypeNames;
import dev.weft.detect.analysis.TypeRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * B5, intra-task synchronization: {@code synchronized} blocks and methods, {@code Lock.lock},
 * {@code Condition.await}, {@code Object.wait}, latch/barrier/phaser/semaphore/exchanger waits, blocking
 * queue {@code take}/{@code put}, and hidden locks (calls of methods the JDK declares synchronized, such as
 * {@code StringBuffer.append} or {@code Vector.add}, and of {@code Collections.synchronized*} wrappers) in task
 * code. The same calls inside {@code Weft.blocking(...)} or
 * {@code ForkJoinPool.managedBlock(...)} are managed blocking and are not reported.
 *
 * <p>A lock is a bottleneck only when tasks that run at the same time can reach the object it is taken on: a
 * {@code StringBuffer} built inside a task, a {@code Random} made for it, a {@code Properties} filled before it is
 * handed on, a {@code ThreadLocal}'s value or a joined result is nobody else's, and its lock is never contended
 * ({@link Sharing}). Hidden locks on one shared object are reported once per body of task code, at the first
 * call, with the number of calls that take it there.
 */
final class IntraTaskSynchronization implements Rule {
    /** A blocking method: its owner type, names, and the argument counts that block (empty: any). */
    private record Blocking(String owner, Set<String> names, Set<Integer> arities) {
    }

    private static final String LOCKS = "java.util.concurrent.locks.";
    private static final String JUC = "java.util.concurrent.";
    private static final List<Blocking> BLOCKING = List.of(
            new Blocking(LOCKS + "Lock", Set.of("lock", "lockInterruptibly"), Set.of()),
            new Blocking(LOCKS + "Lock", Set.of("tryLock"), Set.of(2)),
            new Blocking(LOCKS + "StampedLock", Set.of("readLock", "writeLock", "readLockInterruptibly",
                    "writeLockInterruptibly"), Set.of()),
            new Blocking(LOCKS + "Condition", Set.of("await", "awaitNanos", "awaitUninterruptibly", "awaitUntil"), Set.of()),
            new Blocking(JUC + "CountDownLatch", Set.of("await"), Set.of()),
            new Blocking(JUC + "CyclicBarrier", Set.of("await"), Set.of()),
            new Blocking(JUC + "Phaser", Set.of("arriveAndAwaitAdvance", "awaitAdvance",
                    "awaitAdvanceInterruptibly"), Set.of()),
            new Blocking(JUC + "Semaphore", Set.of("acquire", "acquireUninterruptibly"), Set.of()),
            new Blocking(JUC + "Semaphore", Set.of("tryAcquire"), Set.of(2, 3)),
            new Blocking(JUC + "Exchanger", Set.of("exchange"), Set.of()),
            new Blocking(JUC + "BlockingQueue", Set.of("take", "put"), Set.of()),
            new Blocking(JUC + "BlockingQueue", Set.of("poll"), Set.of(2)),
            new Blocking(JUC + "BlockingQueue", Set.of("offer"), Set.of(3)),
            new Blocking(JUC + "BlockingDeque", Set.of("takeFirst", "takeLast", "putFirst", "putLast"), Set.of()),
            new Blocking(JUC + "BlockingDeque", Set.of("pollFirst", "pollLast"), Set.of(2)),
            new Blocking(JUC + "BlockingDeque", Set.of("offerFirst", "offerLast"), Set.of(3)),
            new Blocking(JUC + "TransferQueue", Set.of("transfer"), Set.of()),
            new Blocking(JUC + "CompletionService", Set.of("take"), Set.of()),
            new Blocking(JUC + "CompletionService", Set.of("poll"), Set.of(2)),
            new Blocking(JUC + "TransferQueue", Set.of("tryTransfer"), Set.of(3)));

    @Override
    public Bottleneck bottleneck() {
        return Bottleneck.B5;
    }

    /** A call that takes the hidden lock of a shared object, and how a message names what it calls. */
    private record HiddenLock(MethodCallExpr call, String owner, String method, String via) {
    }

    /** The hidden-lock calls of the body being walked, by the object whose lock they take, in order. */
    private final Map<String, List<HiddenLock>> hidden = new LinkedHashMap<>();

    @Override
    public void enter(TaskBody body, RuleContext ctx) {
        hidden.clear();
        if (body.root() instanceof MethodDeclaration md && md.isSynchronized()) {
            String contended = contendedAt(md, body, ctx);
            if (contended == null) {
                return;
            }
            Node at = md.getModifiers().stream().filter(m -> m.getKeyword() == Modifier.Keyword.SYNCHRONIZED)
                    .findFirst().<Node>map(m -> m).orElse(md);
            ctx.report(at, Bottleneck.B5, "synchronized method " + md.getNameAsString() + "() runs in task code"
                    + contended + ": " + COST + " " + FIX, body);
        }
    }

    /**
     * Whether some call in task code runs a synchronized method on an object other tasks may reach, and where: a
     * static one always does (its lock is the class); an instance method's lock is its receiver's, so the calls
     * that reach it from task code, each on its own object, are asked ({@code fs.add(f)} on a Futures made by the
     * caller locks nothing anybody else holds). Null when none does; else what to add to the message: nothing
     * when the call it was reached through is such a call, else where one is.
     */
    private static String contendedAt(MethodDeclaration md, TaskBody body, RuleContext ctx) {
        if (md.isStatic() || body.callSite() == null) {
            return "";
        }
        if (!(body.callSite() instanceof MethodCallExpr first)) {
            return "";
        }
        if (ctx.resolver().sharing().receiverMayBeShared(first)) {
            return "";
        }
        for (MethodCallExpr call : ctx.resolver().dispatch().callsTo(md)) {
            if (call != first && ctx.code().runsInTasks(call) && ctx.resolver().sharing().receiverMayBeShared(call)) {
                String file = call.findCompilationUnit().flatMap(cu -> cu.getStorage())
                        .map(st -> st.getFileName() + ":").orElse("");
                return " (on an object other tasks can reach at " + file + Ast.line(call) + ": " + Snippets.text(call)
                        + ")";
            }
        }
        return null;
    }

    @Override
    public void visit(Node node, TaskBody body, RuleContext ctx) {
        if (node instanceof SynchronizedStmt s) {
            if (!ctx.resolver().sharing().mayBeShared(s.getExpression())) {
                return;
            }
            ctx.report(s, Bottleneck.B5, "synchronized (" + Snippets.text(s.getExpression()) + ") block in task code: "
                    + COST + " " + FIX, body);
            return;
        }
        if (!(node instanceof MethodCallExpr m)) {
            return;
        }
        String name = m.getNameAsString();
        int n = m.getArguments().size();
        if (name.equals("wait") && n <= 2) {
            ctx.report(m, Bottleneck.B5, Snippets.text(m) + " (Object.wait) in task code: " + COST + " " + FIX, body);
            return;
        }
        if (m.getScope().isEmpty()) {
            return;
        }
        Expression scope = m.getScope().get();
        TypeNames names = ctx.names();
        Bindings bindings = ctx.bindings();
        ExpressionTypes expressions = ctx.expressions();
        if (bindings.typeNameOf(scope) != null) {
            return;
        }
        if (mayBlock(name, n)) {
            TypeRef t = expressions.receiverType(scope);
            for (Blocking b : BLOCKING) {
                if (t != null && b.names().contains(name) && (b.arities().isEmpty() || b.arities().contains(n))
                        && names.isSubtype(t, b.owner())) {
                    // A timed wait of zero ({@code deque.pollFirst(0, SECONDS)}) returns at once: it does not wait.
                    if (!b.arities().isEmpty() && n >= 2 && isZero(m.getArgument(n - 2))) {
                        return;
                    }
                    // A lock that no other task can reach is never contended (a wait on anything still waits).
                    if (b.owner().startsWith(LOCKS) && !b.owner().endsWith("Condition")
                            && !ctx.resolver().sharing().mayBeShared(scope)) {
                        return;
                    }
                    String owner = b.owner().substring(b.owner().lastIndexOf('.') + 1);
                    ctx.report(m, Bottleneck.B5, Snippets.text(m) + " (" + owner + "." + name
                            + ") blocks in task code: " + COST + " " + FIX, body);
                    return;
                }
            }
            // Not a blocking call after all (a map's put): it may still take a hidden lock, below.
        }
        String wrapper = synchronizedWrapper(scope, ctx);
        if (wrapper != null && !inHandler(m)) {
            hiddenLock(m, scope, new HiddenLock(m, wrapper, name, wrapper), ctx);
            return;
        }
        // A hidden lock: a method the JDK declares synchronized (Vector, StringBuffer, Hashtable...).
        // Declarations only: the symbol solver is too slow to ask about every call of task code.
        TypeRef t = expressions.typeOf(scope);
        if (t != null && !t.isArray() && !names.isSubtype(t, "java.lang.Throwable") && !inHandler(m)
                && expressions.callsSynchronizedJdkMethod(t.name(), name, n)) {
            String owner = t.name().substring(t.name().lastIndexOf('.') + 1);
            hiddenLock(m, scope, new HiddenLock(m, owner, name, null), ctx);
        }
    }

    /** Notes a hidden-lock call of a shared object, to be reported once per object when the body ends. */
    private void hiddenLock(MethodCallExpr m, Expression receiver, HiddenLock lock, RuleContext ctx) {
        if (ctx.resolver().sharing().mayBeShared(receiver)) {
            hidden.computeIfAbsent(objectKey(receiver, ctx), k -> new ArrayList<>()).add(lock);
        }
    }

    @Override
    public void exit(TaskBody body, RuleContext ctx) {
        for (List<HiddenLock> calls : hidden.values()) {
            HiddenLock first = calls.get(0);
            Set<String> methods = new TreeSet<>();
            calls.forEach(c -> methods.add(c.method()));
            String head;
            if (first.via() != null) {
                head = Snippets.text(first.call()) + " calls a collection made by " + first.via() + ", whose every"
                        + " method takes the wrapper's lock: a hidden lock that every task sharing it contends for";
            } else {
                head = Snippets.text(first.call()) + " calls " + first.owner() + "." + first.method() + "(), a"
                        + " synchronized method: a hidden lock on the receiver, which every task that shares it"
                        + " contends for";
            }
            if (calls.size() > 1) {
                Set<Integer> lines = new TreeSet<>();
                calls.forEach(c -> lines.add(Ast.line(c.call())));
                head += "; " + calls.size() + " calls in this body take it (lines "
                        + String.join(", ", lines.stream().map(String::valueOf).toList()) + ": "
                        + String.join(", ", methods.stream().map(x -> x + "()").toList()) + ")";
            }
            ctx.report(first.call(), Bottleneck.B5, head + ": " + COST + " " + FIX_HIDDEN, body);
        }
        hidden.clear();
    }

    /**
     * What identifies the object a receiver denotes within one body: the declaration of the variable or field
     * ({@code log}, {@code this.log}, {@code Registry.LOG}), through calls that return their receiver
     * ({@code log.append(a).append(b)}); else the receiver's code.
     */
    private static String objectKey(Expression receiver, RuleContext ctx) {
        Expression e = Ast.unwrap(receiver);
        while (e instanceof MethodCallExpr m && Sharing.RETURNS_THIS.contains(m.getNameAsString()) && m.getScope().isPresent()) {
            e = Ast.unwrap(m.getScope().get());
        }
        Node declarator = null;
        if (e instanceof NameExpr n) {
            Binding b = ctx.bindings().lookup(n.getNameAsString(), n);
            declarator = b == null ? null : b.declarator();
        } else if (e instanceof FieldAccessExpr f) {
            String owner = f.getScope() instanceof ThisExpr ? ownerOf(f, ctx) : ctx.bindings().typeNameOf(f.getScope());
            Binding b = owner == null ? null : ctx.bindings().fieldOf(owner, f.getNameAsString());
            declarator = b == null ? null : b.declarator();
        }
        if (declarator != null && declarator.getBegin().isPresent()) {
            return System.identityHashCode(declarator.findCompilationUnit().orElse(null)) + "@" + declarator.getBegin().get();
        }
        return Snippets.code(e);
    }

    private static String ownerOf(Node n, RuleContext ctx) {
        var c = ctx.bindings().enclosingClass(n);
        return c == null ? null : c.key();
    }

    /**
     * {@code Collections.synchronizedList(...)} (or Map, Set...) when the receiver is a variable initialized with
     * such a wrapper; null otherwise.
     */
    private static String synchronizedWrapper(Expression scope, RuleContext ctx) {
        Expression e = Ast.unwrap(scope);
        String name;
        if (e instanceof NameExpr n) {
            name = n.getNameAsString();
        } else if (e instanceof FieldAccessExpr f && f.getScope().isThisExpr()) {
            name = f.getNameAsString();
        } else {
            return null;
        }
        Binding b = ctx.bindings().lookup(name, e);
        Expression init = b == null ? null : b.initializer();
        if (init == null && b != null && b.declarator() instanceof VariableDeclarator v) {
            init = v.getInitializer().orElse(null);
        }
        if (init != null && Ast.unwrap(init) instanceof MethodCallExpr c && c.getNameAsString().startsWith("synchronized")
                && ctx.expressions().isStaticCall(c, "java.util.Collections", c.getNameAsString())) {
            return "Collections." + c.getNameAsString() + "(...)";
        }
        return null;
    }

    private static boolean isZero(Expression e) {
        Expression x = Ast.unwrap(e);
        return x instanceof com.github.javaparser.ast.expr.IntegerLiteralExpr i && i.asNumber().longValue() == 0
                || x instanceof com.github.javaparser.ast.expr.LongLiteralExpr l && l.asNumber().longValue() == 0;
    }

    /** Whether a call is in a catch block or builds an exception: code of the failure path, run once. */
    private static boolean inHandler(Node n) {
        for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof CatchClause || p instanceof ThrowStmt) {
                return true;
            }
            if (p instanceof BodyDeclaration<?> || p instanceof LambdaExpr) {
                return false;
            }
        }
        return false;
    }

    private static boolean mayBlock(String name, int arity) {
        for (Blocking b : BLOCKING) {
            if (b.names().contains(name) && (b.arities().isEmpty() || b.arities().contains(arity))) {
                return true;
            }
        }
        return false;
    }

    static final String COST = "a worker that blocks here cannot run or steal other tasks, and the tasks queued"
            + " on its deque wait with it; the OS may switch it out, which helps no task of this pool"
            + " (synchronization management layer: intra-task synchronization).";
    private static final String FIX = "Let each subtask compute its own result and combine them at the join (or use"
            + " an atomic/LongAdder); if blocking is unavoidable, wrap it in Weft.blocking(...) or"
            + " ForkJoinPool.managedBlock(...).";
    private static final String FIX_HIDDEN = "Give each subtask its own (unsynchronized) object and combine them at the"
            + " join, or use the unsynchronized class (ArrayList, StringBuilder, HashMap); an outer lock around the"
            + " call adds nothing.";
}
