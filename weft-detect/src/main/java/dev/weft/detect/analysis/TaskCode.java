package dev.weft.detect.analysis;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Which code runs as part of a task.
 *
 * <p>Entry points: {@code compute()} and {@code exec()} (and a CountedCompleter's {@code onCompletion}) of every
 * ForkJoinTask or Weft {@code Task} subclass, named or anonymous; lambdas and method references handed to
 * Weft's {@code join*}, {@code finish}, {@code async}, {@code parallelFor*} and {@code parallelReduce*}, to
 * {@code Task.of} and {@code ForkJoinTask.adapt}, or to {@code invoke/submit/execute/run} of a ForkJoinPool or
 * WeftPool. From there, calls are followed transitively through the analysed sources.
 *
 * <p>Calls are followed where the target is statically known (static, private and constructor calls, calls on
 * {@code this}, and calls on receivers whose declared type is a class of the analysed sources, to the nearest
 * declaration up its hierarchy) and, through an interface, an abstract method or a functional value, to what
 * {@link Dispatch} can tell flows there or implements it in the analysed sources, within its bounds: taking
 * every implementation of every interface would pull in most of a large code base (every Spliterator of the
 * JDK, say) and drown the real findings. Calls into the runtimes themselves ({@link Api#FRAMEWORK_TYPES}) are
 * not followed: how {@code join()} waits is the scheduler's business. Code inside {@code Weft.blocking(...)} or
 * {@code ForkJoinPool.managedBlock(...)} is managed blocking and is not task code for the rules.
 */
public final class TaskCode {
    private static final Set<String> ENTRY_CALL_NAMES;

    static {
        Set<String> names = new HashSet<>(Api.WEFT_TASK_BODY_METHODS);
        names.addAll(Api.POOL_TASK_METHODS);
        names.add("of");
        names.add("adapt");
        ENTRY_CALL_NAMES = Set.copyOf(names);
    }

    private final Resolver resolver;
    private final List<TaskBody> bodies = new ArrayList<>();
    private final Map<Node, Set<Node>> reachable = new IdentityHashMap<>();
    private final Map<MethodDeclaration, Boolean> outside = new IdentityHashMap<>();
    private Set<Node> roots;

    private TaskCode(Resolver resolver) {
        this.resolver = resolver;
    }

    /** Finds the entry points in the analysed sources and everything they reach. */
    public static TaskCode find(Resolver resolver) {
        TaskCode code = new TaskCode(resolver);
        List<TaskBody> entries = code.entries();
        code.reach(entries);
        return code;
    }

    /**
     * Whether running any of {@code roots} (methods, constructors, lambdas) may run {@code target}: the call graph
     * of task code, from those roots, where creating a task counts as running its {@code compute()}/{@code exec()}
     * (it is created to be forked or invoked). A copy made in code that the subtask receiving it runs again, itself
     * or through the tasks it creates, is made at every level of the recursion.
     */
    public boolean reaches(List<? extends Node> roots, Node target) {
        for (Node root : roots) {
            if (root == target || reachableFrom(root).contains(target)) {
                return true;
            }
        }
        return false;
    }

    private Set<Node> reachableFrom(Node root) {
        Set<Node> known = reachable.get(root);
        if (known != null) {
            return known;
        }
        Set<Node> seen = Ast.identitySet();
        Deque<Node> work = new ArrayDeque<>();
        work.add(root);
        while (!work.isEmpty()) {
            Node body = work.poll();
            walk(body, false, node -> {
                for (Node target : calleesOf(node)) {
                    if (seen.add(target)) {
                        work.add(target);
                    }
                }
                if (node instanceof ObjectCreationExpr o) {
                    for (Node target : taskMethodsOf(o)) {
                        if (seen.add(target)) {
                            work.add(target);
                        }
                    }
                }
            });
        }
        reachable.put(root, seen);
        return seen;
    }

    /** The compute()/exec() of the task that {@code o} creates, if it creates a task of the sources. */
    private List<Node> taskMethodsOf(ObjectCreationExpr o) {
        List<Node> code = new ArrayList<>();
        if (o.getAnonymousClassBody().isPresent()) {
            for (BodyDeclaration<?> member : o.getAnonymousClassBody().get()) {
                if (member instanceof MethodDeclaration md && md.getParameters().isEmpty()
                        && (md.getNameAsString().equals("compute") || md.getNameAsString().equals("exec"))) {
                    code.add(md);
                }
            }
            return code;
        }
        TypeRef t = resolver.names().resolveType(o.getType(), o);
        if (t == null || !resolver.names().isTaskType(t.name()) || resolver.names().isFramework(t.name())) {
            return code;
        }
        for (String m : List.of("compute", "exec")) {
            code.addAll(resolver.calls().projectMethods(t.name(), m, 0));
        }
        return code;
    }

    /**
     * Whether a node lies in the code of some body of task code (roughly: inside one of their methods, constructors
     * or lambdas).
     */
    public boolean runsInTasks(Node n) {
        if (roots == null) {
            roots = Ast.identitySet();
            bodies.forEach(b -> roots.add(b.root()));
        }
        for (Node p = n; p != null; p = p.getParentNode().orElse(null)) {
            if (roots.contains(p)) {
                return true;
            }
        }
        return false;
    }

    /** Every body of task code, entry points first, each once. */
    public List<TaskBody> bodies() {
        return bodies;
    }

    private List<TaskBody> entries() {
        List<TaskBody> entries = new ArrayList<>();
        for (TypeInfo t : resolver.index().types()) {
            if (t.isInterface() || resolver.names().isFramework(t.key()) || !resolver.names().isTaskType(t.key())) {
                continue;
            }
            for (BodyDeclaration<?> member : t.decl().getMembers()) {
                if (member instanceof MethodDeclaration md && isTaskMethod(md, t.key())) {
                    entries.add(new TaskBody(md, displayName(t) + "." + md.getNameAsString() + "()", null, null));
                }
            }
        }
        for (SourceFile f : resolver.index().files()) {
            for (ObjectCreationExpr o : f.anonymous()) {
                if (inFramework(o)) {
                    continue;
                }
                TypeRef t = resolver.names().resolveType(o.getType(), o);
                if (t == null || !resolver.names().isTaskType(t.name())) {
                    continue;
                }
                for (BodyDeclaration<?> member : o.getAnonymousClassBody().get()) {
                    if (member instanceof MethodDeclaration md && isTaskMethod(md, t.name())) {
                        String where = "anonymous " + o.getType().getNameAsString() + "." + md.getNameAsString()
                                + "() (" + at(f, o) + ")";
                        entries.add(new TaskBody(md, where, null, null));
                    }
                }
            }
            for (MethodCallExpr m : f.calls()) {
                if (inFramework(m)) {
                    continue;
                }
                String api = taskBodyApi(m);
                if (api == null) {
                    continue;
                }
                for (Expression arg : m.getArguments()) {
                    if (arg instanceof LambdaExpr l) {
                        entries.add(new TaskBody(l, "lambda passed to " + api + " (" + at(f, l) + ")", null, null));
                    } else if (arg instanceof MethodReferenceExpr r) {
                        for (CallableDeclaration<?> c : resolver.calls().targets(r)) {
                            entries.add(new TaskBody(c, callableName(c) + " (passed to " + api + ")", null, null));
                        }
                    }
                }
            }
        }
        // Deterministic order, so that a finding reached from two entries always names the same one.
        entries.sort(Comparator.comparing((TaskBody b) -> b.root().findCompilationUnit()
                        .flatMap(cu -> cu.getStorage().map(s -> s.getPath().toString())).orElse(""))
                .thenComparingInt(b -> line(b.root())));
        return entries;
    }

    private boolean isTaskMethod(MethodDeclaration md, String taskType) {
        if (md.getBody().isEmpty()) {
            return false;
        }
        String name = md.getNameAsString();
        int params = md.getParameters().size();
        return (name.equals("compute") && params == 0)
                || (name.equals("exec") && params == 0 && resolver.names().isSubtype(taskType, Api.FJ_TASK))
                || (name.equals("onCompletion") && params == 1 && resolver.names().isSubtype(taskType, Api.COUNTED_COMPLETER));
    }

    /** What API a call hands task bodies to ({@code "Weft.async"}), or null if none. */
    private String taskBodyApi(MethodCallExpr m) {
        String name = m.getNameAsString();
        if (Api.WEFT_TASK_BODY_METHODS.contains(name) && resolver.expressions().isStaticCall(m, Api.WEFT, name)) {
            return "Weft." + name;
        }
        if (name.equals("of") && resolver.expressions().isStaticCall(m, Api.WEFT_TASK, name)) {
            return "Task.of";
        }
        if (name.equals("adapt") && resolver.expressions().isStaticCall(m, Api.FJ_TASK, name)) {
            return "ForkJoinTask.adapt";
        }
        if (Api.POOL_TASK_METHODS.contains(name) && m.getScope().isPresent()) {
            TypeRef pool = resolver.expressions().receiverType(m.getScope().get());
            if (resolver.names().isSubtype(pool, Api.WEFT_POOL)) {
                return "WeftPool." + name;
            }
            if (resolver.names().isSubtype(pool, Api.FJ_POOL)) {
                return "ForkJoinPool." + name;
            }
        }
        return null;
    }

    /** Whether a call is named like one that hands task bodies to a runtime and has a lambda/method ref argument. */
    static boolean mayTakeTaskBodies(MethodCallExpr m) {
        return ENTRY_CALL_NAMES.contains(m.getNameAsString()) && hasFunctionalArgument(m);
    }

    private static boolean hasFunctionalArgument(MethodCallExpr m) {
        for (Expression a : m.getArguments()) {
            if (a instanceof LambdaExpr || a instanceof MethodReferenceExpr) {
                return true;
            }
        }
        return false;
    }

    private boolean inFramework(Node n) {
        ClassScope c = resolver.bindings().enclosingClass(n);
        return c != null && c.info() != null && resolver.names().isFramework(c.info().key());
    }

    private void reach(List<TaskBody> entries) {
        Set<Node> seen = Ast.identitySet();
        Deque<TaskBody> work = new ArrayDeque<>();
        for (TaskBody e : entries) {
            if (seen.add(e.root())) {
                work.add(e);
            }
        }
        while (!work.isEmpty()) {
            TaskBody body = work.poll();
            bodies.add(body);
            walk(body.root(), false, node -> {
                List<Node> targets = calleesOf(node);
                boolean unresolved = overloads(targets);
                for (Node target : targets) {
                    if (seen.add(target)) {
                        String name = bodyName(target) + (unresolved ? " (overload unresolved: "
                                + targets.size() + " fit the argument types known)" : "");
                        work.add(new TaskBody(target, name, body, node));
                    }
                }
            });
        }
    }

    /**
     * Whether a call's targets are several overloads of one class: the argument types that would choose between
     * them are unknown (a library's type), so each is followed, and a chain through one says it is not resolved
     * rather than name a method the call may not run.
     */
    private static boolean overloads(List<Node> targets) {
        if (targets.size() < 2) {
            return false;
        }
        Node owner = null;
        String name = null;
        for (Node t : targets) {
            if (!(t instanceof CallableDeclaration<?> c)) {
                return false;
            }
            Node p = c.getParentNode().orElse(null);
            if (owner == null) {
                owner = p;
                name = c.getNameAsString();
            } else if (p != owner || !c.getNameAsString().equals(name)) {
                return false;
            }
        }
        return true;
    }

    /**
     * What a node of task code runs when it is a call: the methods and constructors of the sources it is bound
     * to, or, for a call through an interface, an abstract method or a functional value, what {@link Dispatch}
     * finds it may run (methods, or lambdas).
     */
    List<Node> calleesOf(Node node) {
        CallTargets calls = resolver.calls();
        List<? extends Node> targets;
        if (node instanceof MethodCallExpr m) {
            List<CallableDeclaration<?>> bound = calls.targets(m);
            targets = bound.isEmpty() ? resolver.dispatch().targets(m) : bound;
        } else if (node instanceof ObjectCreationExpr o) {
            targets = calls.targets(o);
        } else if (node instanceof ExplicitConstructorInvocationStmt s) {
            targets = calls.targets(s);
        } else if (node instanceof MethodReferenceExpr r) {
            targets = calls.targets(r);
        } else {
            return List.of();
        }
        List<Node> result = new ArrayList<>(targets.size());
        for (Node t : targets) {
            if (!(t instanceof MethodDeclaration md) || !outsideTasks(md)) {
                result.add(t);
            }
        }
        return result;
    }

    /**
     * Methods whose code does not run as part of the task that calls them: a program's {@code main} (it runs a
     * program; its waits are the program's, before or after its pools), code that ends the process (a call of
     * {@code System.exit}, {@code Runtime.exit} or {@code halt}: a shutdown path, run once), and a ManagedBlocker's
     * {@code block()} and {@code isReleasable()}, which are the waiting that {@code managedBlock} runs and
     * compensates for.
     */
    private boolean outsideTasks(MethodDeclaration md) {
        Boolean known = outside.get(md);
        if (known != null) {
            return known;
        }
        String name = md.getNameAsString();
        boolean result;
        if (name.equals("main") && md.isStatic() && md.getParameters().size() == 1
                && md.getParameter(0).getType().asString().replace(" ", "").matches("String(\\[]|\\.\\.\\.)")) {
            result = true;
        } else if ((name.equals("block") || name.equals("isReleasable")) && md.getParameters().isEmpty()
                && resolver.bindings().enclosingClass(md) != null
                && resolver.names().isSubtype(resolver.bindings().enclosingClass(md).key(), Api.MANAGED_BLOCKER)) {
            result = true;
        } else {
            result = endsProcess(md);
        }
        outside.put(md, result);
        return result;
    }

    private boolean endsProcess(MethodDeclaration md) {
        if (md.getBody().isEmpty()) {
            return false;
        }
        for (MethodCallExpr c : md.getBody().get().findAll(MethodCallExpr.class)) {
            String name = c.getNameAsString();
            if (name.equals("exit") && resolver.expressions().isStaticCall(c, "java.lang.System", name)) {
                return true;
            }
            if ((name.equals("exit") || name.equals("halt")) && c.getScope().isPresent()
                    && resolver.names().isSubtype(resolver.expressions().typeOf(c.getScope().get()), "java.lang.Runtime")) {
                return true;
            }
        }
        return false;
    }

    private String bodyName(Node target) {
        if (target instanceof CallableDeclaration<?> c) {
            return callableName(c);
        }
        SourceFile f = target.findCompilationUnit().map(resolver.index()::file).orElse(null);
        return "lambda (" + (f == null ? "" : f.path().getFileName() + ":") + line(target) + ")";
    }

    /**
     * Visits the nodes of a body that run as part of it, in tree order: not the arguments of managed blocking
     * calls, not the bodies of anonymous task classes created there (they are tasks of their own), not local
     * class declarations (their methods are reached by calls, if at all).
     *
     * @param exceptional whether to visit {@code throw} statements and {@code catch} blocks too. The call graph
     *                    does not follow calls there: building an exception and its message runs once per failure
     *                    and, followed, leads into the whole of the platform (Throwable's synchronized methods,
     *                    String.format, locales...), which says nothing about the task's steady state.
     */
    public void walk(Node root, boolean exceptional, Consumer<Node> visitor) {
        Node start = root;
        if (root instanceof MethodDeclaration md) {
            if (md.getBody().isEmpty()) {
                return;
            }
            start = md.getBody().get();
        } else if (root instanceof ConstructorDeclaration cd) {
            start = cd.getBody();
        } else if (root instanceof LambdaExpr l) {
            start = l.getBody();
        }
        Deque<Node> stack = new ArrayDeque<>();
        stack.push(start);
        while (!stack.isEmpty()) {
            Node n = stack.pop();
            visitor.accept(n);
            if (n instanceof LocalClassDeclarationStmt || n instanceof LocalRecordDeclarationStmt
                    || n instanceof TypeDeclaration<?>) {
                continue;
            }
            if (!exceptional && (n instanceof ThrowStmt || n instanceof CatchClause)) {
                continue;
            }
            List<Node> children = n.getChildNodes();
            if (n instanceof MethodCallExpr m && isManagedBlocking(m)) {
                children = m.getScope().<List<Node>>map(List::of).orElse(List.of());
            } else if (n instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
                TypeRef t = resolver.names().resolveType(o.getType(), o);
                if (t != null && resolver.names().isTaskType(t.name())) {
                    children = new ArrayList<>(o.getArguments());
                }
            }
            for (int i = children.size() - 1; i >= 0; i--) {
                stack.push(children.get(i));
            }
        }
    }

    /** {@code Weft.blocking(...)} or {@code ForkJoinPool.managedBlock(...)}: blocking the runtime compensates for. */
    public boolean isManagedBlocking(MethodCallExpr m) {
        String name = m.getNameAsString();
        return (name.equals("blocking") && resolver.expressions().isStaticCall(m, Api.WEFT, name))
                || (name.equals("managedBlock") && resolver.expressions().isStaticCall(m, Api.FJ_POOL, name));
    }

    private static String displayName(TypeInfo t) {
        StringBuilder sb = new StringBuilder(t.simpleName());
        for (TypeInfo o = t.outer(); o != null; o = o.outer()) {
            sb.insert(0, o.simpleName() + ".");
        }
        return sb.toString();
    }

    /** {@code Outer.Inner.method()} or {@code new Outer.Inner(...)}. */
    public String callableName(CallableDeclaration<?> c) {
        String owner = "";
        Node p = c.getParentNode().orElse(null);
        if (p instanceof TypeDeclaration<?> t && resolver.index().info(t) != null) {
            owner = displayName(resolver.index().info(t));
        } else if (p instanceof ObjectCreationExpr o) {
            owner = "anonymous " + o.getType().getNameAsString();
        }
        if (c instanceof ConstructorDeclaration) {
            return "new " + owner + "(...)";
        }
        return (owner.isEmpty() ? "" : owner + ".") + c.getNameAsString() + "()";
    }

    private static String at(SourceFile f, Node n) {
        return f.path().getFileName() + ":" + line(n);
    }

    static int line(Node n) {
        return n.getBegin().map(p -> p.line).orElse(0);
    }
}
