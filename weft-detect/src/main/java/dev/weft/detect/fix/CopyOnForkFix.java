package dev.weft.detect.fix;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.PrimitiveType;
import com.github.javaparser.ast.type.Type;
import dev.weft.detect.Finding;
import dev.weft.detect.analysis.Ast;
import dev.weft.detect.analysis.Binding;
import dev.weft.detect.analysis.ClassScope;
import dev.weft.detect.analysis.Copies;
import dev.weft.detect.analysis.Resolver;
import dev.weft.detect.analysis.SourceFile;
import dev.weft.detect.analysis.TypeInfo;
import dev.weft.detect.analysis.TypeRef;
import dev.weft.detect.rules.Hit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rewrites copy on fork (B2) in its recognizable form, as FJDetector and the paper's patches did: a task class
 * keeps its data in a field, and its {@code compute()} hands each subtask a slice of it. The subtask gets the
 * shared data and an index range instead.
 *
 * <ul>
 *   <li>An array field, sliced by {@code Arrays.copyOfRange(a, i, j)} or {@code Arrays.copyOf(a, n)}.</li>
 *   <li>A list field, sliced by {@code list.subList(i, j)}: a view, or a copy of one
 *   ({@code new ArrayList<>(list.subList(i, j))}, {@code List.copyOf(...)}).</li>
 * </ul>
 *
 * The class gets {@code from}/{@code to} fields and a constructor taking them (the old constructor delegates with
 * the whole data), its uses of the data are rewritten to the slice ({@link RangeRewrite}), and each
 * {@code new Task(slice)} becomes {@code new Task(data, from + i, from + j)}; a local that only carried the slice
 * to the constructor goes, its comments moved to the next statement.
 *
 * <p>Everything is checked before anything changes; when a condition fails (the task writes into its data, passes
 * it on, the slice bounds cannot be proven within the data, ...) the class is left alone and the reason reported.
 */
final class CopyOnForkFix {
    private static final List<String[]> RANGE_NAMES = List.of(new String[] {"from", "to"},
            new String[] {"lo", "hi"}, new String[] {"start", "end"}, new String[] {"begin", "limit"});
    private static final Set<String> LIST_COPIES = Set.of("java.util.ArrayList", "java.util.LinkedList",
            "java.util.Vector", "java.util.concurrent.CopyOnWriteArrayList");

    private final Resolver resolver;
    private final Edits edits;

    /**
     * One slice handed to a subtask.
     *
     * @param hit       the finding
     * @param copy      the expression that makes the slice (the copy, or the view)
     * @param creation  {@code new Task(...)} that receives it
     * @param argument  its position there
     * @param carrier   the local that carries the slice to the constructor, or null if passed directly
     * @param task      the task class
     * @param field     the field sliced
     * @param data      array or list
     * @param lower     start of the slice
     * @param upper     end of the slice
     */
    private record Site(Hit hit, Expression copy, ObjectCreationExpr creation, int argument, Carrier carrier,
                        TypeInfo task, VariableDeclarator field, RangeRewrite.Data data, Expression lower,
                        Expression upper) {
    }

    /**
     * A local variable that only carries the slice to the constructor, and the statement that assigns it when it
     * is declared first ({@code int[] left; ... left = copy;}); both go with the rewrite.
     */
    private record Carrier(VariableDeclarator variable, ExpressionStmt assignment) {
    }

    CopyOnForkFix(Resolver resolver, Edits edits) {
        this.resolver = resolver;
        this.edits = edits;
    }

    Map<Hit, Finding.Fix> fix(List<Hit> hits) {
        Map<Hit, Finding.Fix> outcome = new IdentityHashMap<>();
        List<List<Site>> groups = new ArrayList<>();
        for (Hit h : hits) {
            if (h.note()) {
                outcome.put(h, new Finding.Fix(false, "a note: the copy is made once, nothing to rewrite"));
                continue;
            }
            try {
                Site s = site(h);
                List<Site> group = null;
                for (List<Site> g : groups) {
                    if (g.get(0).field() == s.field()) {
                        group = g;
                    }
                }
                if (group == null) {
                    group = new ArrayList<>();
                    groups.add(group);
                }
                group.add(s);
            } catch (Refusal r) {
                outcome.put(h, new Finding.Fix(false, r.getMessage()));
            }
        }
        for (List<Site> group : groups) {
            String note;
            try {
                note = fixRange(group);
            } catch (Refusal r) {
                for (Site s : group) {
                    outcome.put(s.hit(), new Finding.Fix(false, r.getMessage()));
                }
                continue;
            }
            for (Site s : group) {
                outcome.put(s.hit(), new Finding.Fix(true, note));
            }
        }
        return outcome;
    }

    // ---------------------------------------------------------------------------------------------
    // Recognizing a site

    private Site site(Hit hit) throws Refusal {
        Expression copy = (Expression) hit.node();
        Expression source;
        Expression lower;
        Expression upper;
        RangeRewrite.Data data;
        MethodCallExpr subList = slicedList(copy);
        if (copy instanceof MethodCallExpr m
                && resolver.expressions().isStaticCall(m, "java.util.Arrays", Set.of("copyOf", "copyOfRange"))) {
            source = m.getArgument(0);
            boolean range = m.getNameAsString().equals("copyOfRange");
            lower = range ? m.getArgument(1) : new IntegerLiteralExpr("0");
            upper = range ? m.getArgument(2) : m.getArgument(1);
            data = RangeRewrite.Data.ARRAY;
        } else if (subList != null) {
            source = subList.getScope().orElseThrow();
            lower = subList.getArgument(0);
            upper = subList.getArgument(1);
            data = RangeRewrite.Data.LIST;
        } else {
            throw new Refusal(otherCopy(copy));
        }
        Expression wrapped = Ast.wrapped(copy);
        Node parent = wrapped.getParentNode().orElseThrow();
        ObjectCreationExpr creation;
        Carrier carrier = null;
        Expression passed = wrapped;
        if (parent instanceof ObjectCreationExpr o && Ast.containsSame(o.getArguments(), wrapped)) {
            creation = o;
        } else {
            carrier = carrier(wrapped, parent);
            List<NameExpr> uses = carrierUses(carrier);
            if (uses.size() != 1) {
                throw new Refusal("the slice in '" + carrier.variable().getNameAsString() + "' is used " + uses.size()
                        + " times, not only handed to the subtask, so it is needed as a separate " + data.name()
                        .toLowerCase());
            }
            passed = Ast.wrapped(uses.get(0));
            if (!(passed.getParentNode().orElse(null) instanceof ObjectCreationExpr o)) {
                throw new Refusal(notToConstructor(uses.get(0), "'" + carrier.variable().getNameAsString() + "'"));
            }
            creation = o;
        }
        TypeRef t = resolver.names().resolveType(creation.getType(), creation);
        TypeInfo task = t == null ? null : resolver.index().type(t.name());
        if (task == null || task.isInterface() || creation.getAnonymousClassBody().isPresent()) {
            throw new Refusal("the subtask's class is not one of the analysed sources");
        }
        ClassScope here = resolver.bindings().enclosingClass(copy);
        if (here == null || here.info() != task) {
            throw new Refusal("the slice is made outside " + task.simpleName() + ", the class that receives it");
        }
        VariableDeclarator field = fieldOf(source, task);
        if (field == null) {
            throw new Refusal("it slices " + RangeRewrite.text(source) + ", which is not a field of "
                    + task.simpleName());
        }
        return new Site(hit, copy, creation, Ast.indexOfSame(creation.getArguments(), passed), carrier, task, field,
                data, lower, upper);
    }

    /**
     * The local variable that holds the slice: declared with it as initializer, or declared first and assigned
     * it once; refuses with the reason otherwise.
     */
    private Carrier carrier(Expression value, Node parent) throws Refusal {
        if (parent instanceof VariableDeclarator v && v.getParentNode().orElse(null) instanceof VariableDeclarationExpr d
                && d.getParentNode().orElse(null) instanceof ExpressionStmt stmt
                && stmt.getParentNode().orElse(null) instanceof BlockStmt) {
            return new Carrier(v, null);
        }
        if (parent instanceof AssignExpr a && a.getValue() == value && a.getOperator() == AssignExpr.Operator.ASSIGN
                && a.getTarget() instanceof NameExpr n && a.getParentNode().orElse(null) instanceof ExpressionStmt stmt
                && stmt.getParentNode().orElse(null) instanceof BlockStmt) {
            Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
            if (b != null && b.kind() == Binding.Kind.LOCAL && b.declarator() instanceof VariableDeclarator v
                    && v.getInitializer().isEmpty() && v.getParentNode().orElse(null) instanceof VariableDeclarationExpr d
                    && d.getParentNode().orElse(null) instanceof ExpressionStmt declared
                    && declared.getParentNode().orElse(null) instanceof BlockStmt) {
                for (AssignExpr other : Ast.enclosingCallable(v).findAll(AssignExpr.class)) {
                    if (other != a && other.getTarget() instanceof NameExpr o
                            && o.getNameAsString().equals(n.getNameAsString())) {
                        throw new Refusal("'" + n + "' is assigned more than once (" + RangeRewrite.text(other)
                                + " at line " + RangeRewrite.line(other) + ")");
                    }
                }
                return new Carrier(v, stmt);
            }
        }
        throw new Refusal(notToConstructor(value, "the slice"));
    }

    /** The uses of the carrying variable, its assignment aside. */
    private List<NameExpr> carrierUses(Carrier c) {
        List<NameExpr> uses = new ArrayList<>();
        VariableDeclarator v = c.variable();
        for (NameExpr n : resolver.bindings().uses(v, v.getNameAsString(), Ast.enclosingCallable(v))) {
            if (c.assignment() == null || !c.assignment().isAncestorOf(n)) {
                uses.add(n);
            }
        }
        return uses;
    }

    /** Why a slice that does not reach {@code new Task(...)} is left alone. */
    private static String notToConstructor(Expression at, String what) {
        for (Node p = at.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof LambdaExpr l && l.getParentNode().orElse(null) instanceof MethodCallExpr fork) {
                return what + " goes to a subtask lambda passed to " + fork.getNameAsString() + "(...), not to a task"
                        + " class's constructor; give the code it calls an index range by hand";
            }
        }
        if (at.getParentNode().orElse(null) instanceof MethodCallExpr call && Ast.containsSame(call.getArguments(), at)) {
            return what + " is passed to " + call.getNameAsString() + "(...), not straight to a subtask's constructor;"
                    + " if that helper makes the subtask, give it the index range by hand";
        }
        return what + " is used as " + RangeRewrite.text(at.getParentNode().orElse(at)) + ", not passed to a"
                + " subtask's constructor";
    }

    /**
     * {@code x.subList(i, j)} when {@code e} is that view, or a copy of it ({@code new ArrayList<>(...)},
     * {@code List.copyOf}).
     */
    private MethodCallExpr slicedList(Expression e) {
        Expression view = e;
        if (e instanceof ObjectCreationExpr o && o.getArguments().size() == 1 && o.getAnonymousClassBody().isEmpty()) {
            TypeRef t = resolver.names().resolveType(o.getType(), o);
            if (t == null || !LIST_COPIES.contains(resolver.names().canonical(t.name()))) {
                return null;
            }
            view = o.getArgument(0);
        } else if (e instanceof MethodCallExpr m && m.getArguments().size() == 1
                && resolver.expressions().isStaticCall(m, "java.util.List", "copyOf")) {
            view = m.getArgument(0);
        }
        view = Ast.unwrap(view);
        return view instanceof MethodCallExpr s && resolver.copies().isSubList(s) ? s : null;
    }

    private String otherCopy(Expression copy) {
        String what = RangeRewrite.text(copy);
        if (copy instanceof MethodCallExpr m && m.getNameAsString().equals("arraycopy")) {
            return what + " copies into a new array: written as Arrays.copyOfRange(...) handed to the subtask, --fix"
                    + " could pass an index range instead";
        }
        if (copy instanceof MethodCallExpr m && m.getNameAsString().equals("clone")) {
            return what + " is a defensive copy; dropping it is safe only if no caller changes the array"
                    + " afterwards, which --fix cannot know";
        }
        if (copy instanceof MethodCallExpr m && (m.getNameAsString().equals("substring")
                || m.getNameAsString().equals("subSequence"))) {
            return what + " slices a string: --fix rewrites slices of arrays and lists; give the task the whole"
                    + " string and an index range (charAt(from + i), length() as to - from) by hand";
        }
        Copies.Copy c = resolver.copies().of(copy);
        if (c != null && c.helper() != null) {
            return "the slice is made in " + c.helper().getNameAsString() + "(), a helper: give it an index range by"
                    + " hand (--fix rewrites slices made in the task itself)";
        }
        return what + " builds new data rather than slicing a field (Arrays.copyOf/copyOfRange of an array field,"
                + " or subList of a list field): an index range cannot stand for it";
    }

    private VariableDeclarator fieldOf(Expression source, TypeInfo task) {
        Expression e = Ast.unwrap(source);
        String name;
        if (e instanceof NameExpr n) {
            Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
            if (b == null || b.kind() != Binding.Kind.FIELD) {
                return null;
            }
            name = n.getNameAsString();
        } else if (e instanceof FieldAccessExpr f && f.getScope().isThisExpr()) {
            name = f.getNameAsString();
        } else {
            return null;
        }
        TypeInfo.FieldEntry entry = task.field(name);
        return entry != null && entry.declarator() instanceof VariableDeclarator v && !entry.isStatic() ? v : null;
    }

    // ---------------------------------------------------------------------------------------------
    // The rewrite: share the data, pass an index range

    private String fixRange(List<Site> sites) throws Refusal {
        Site first = sites.get(0);
        TypeInfo task = first.task();
        VariableDeclarator field = first.field();
        RangeRewrite.Data data = first.data();
        String name = field.getNameAsString();
        for (Site s : sites) {
            if (s.data() != data) {
                throw new Refusal("'" + name + "' is sliced both as an array and as a list");
            }
        }
        requireDataType(field.getType(), field, data, "field '" + name + "'");
        if (!resolver.index().directSubtypes(task.key(), resolver.names()).isEmpty()) {
            throw new Refusal(task.simpleName() + " has subclasses, which would need the same rewrite");
        }
        requireNoOutsideAccess(task, name);
        String[] range = freshNames(task);
        String from = range[0];
        String to = range[1];

        ConstructorDeclaration k = constructor(first);
        for (Site s : sites) {
            if (constructor(s) != k || s.argument() != first.argument()) {
                throw new Refusal("the subtasks are created through different constructors");
            }
            if (!within(s.lower(), field, data) || !within(s.upper(), field, data)
                    || !(isZero(s.lower()) || isLength(s.upper(), field, data) || s.lower().equals(s.upper()))) {
                throw new Refusal("cannot prove 0 <= " + s.lower() + " <= " + s.upper() + " <= " + name
                        + (data == RangeRewrite.Data.ARRAY ? ".length; beyond the array, the copy would pad with zeros"
                        + " where a range would not" : ".size(); beyond the list, subList would throw where a range"
                        + " would not"));
            }
        }
        Parameter p = k.getParameter(first.argument());
        requireDataType(p.getType(), p, data, "constructor parameter '" + p.getNameAsString() + "'");
        ExpressionStmt assignment = fieldAssignment(k, name, p);
        if (p.isVarArgs() || !k.getTypeParameters().isEmpty()) {
            throw new Refusal("constructor " + k.getDeclarationAsString(false, false, false) + " is generic or variadic");
        }
        for (ConstructorDeclaration other : task.constructors()) {
            if (other != k && !(other.getBody().getStatements().getFirst().orElse(null)
                    instanceof ExplicitConstructorInvocationStmt e && e.isThis())) {
                throw new Refusal("constructor " + other.getDeclarationAsString(false, false, false)
                        + " sets the fields too, and would need " + from + "/" + to + " of its own");
            }
        }
        List<String> signature = new ArrayList<>();
        k.getParameters().forEach(x -> signature.add(x.getType().asString()));
        signature.add("int");
        signature.add("int");
        for (ConstructorDeclaration other : task.constructors()) {
            List<String> sig = new ArrayList<>();
            other.getParameters().forEach(x -> sig.add(x.getType().asString()));
            if (sig.equals(signature)) {
                throw new Refusal(task.simpleName() + " already has a constructor taking " + signature);
            }
        }

        // Every use of the data in the class must be rewritable; the slices at the sites are rewritten apart.
        Set<Node> siteCopies = Ast.identitySet();
        sites.forEach(s -> siteCopies.add(s.copy()));
        List<Expression> refs = new ArrayList<>();
        for (Expression ref : RangeRewrite.references(resolver, field, name, task.decl())) {
            if (!inside(ref, siteCopies)) {
                refs.add(ref);
            }
        }
        List<RangeRewrite.Use> uses = RangeRewrite.classify(resolver, refs, name, data);
        List<Helper> helpers = new ArrayList<>();
        for (RangeRewrite.Use u : uses) {
            switch (u.kind()) {
                case ASSIGNMENT -> {
                    if (u.node().getParentNode().orElse(null) != assignment) {
                        throw new Refusal("'" + name + "' is assigned at line " + RangeRewrite.line(u.node())
                                + ", not only in the constructor");
                    }
                }
                case ARGUMENT -> helpers.add(helper(u, task, name));
                case COPY -> requireLeafCopyWithin((MethodCallExpr) u.node(), field);
                case SUB_LIST -> requireLeafSubListWithin((MethodCallExpr) u.node(), field);
                default -> {
                }
            }
        }

        // All checked: rewrite.
        FieldDeclaration declaration = (FieldDeclaration) field.getParentNode().orElseThrow();
        edits.insertAfter(task.decl(), declaration, Edits.member("private final int " + to + ";"));
        edits.insertAfter(task.decl(), declaration, Edits.member("private final int " + from + ";"));
        insertDelegatingConstructor(task, k, p, data);
        k.addParameter(new Parameter(new PrimitiveType(PrimitiveType.Primitive.INT), from));
        k.addParameter(new Parameter(new PrimitiveType(PrimitiveType.Primitive.INT), to));
        BlockStmt body = k.getBody();
        int at = Edits.indexOf(body.getStatements(), assignment) + 1;
        edits.insertStatement(body, at, Edits.statement("this." + from + " = " + from + ";"));
        edits.insertStatement(body, at + 1, Edits.statement("this." + to + " = " + to + ";"));

        List<Carrier> carriers = new ArrayList<>();
        for (Site s : sites) {
            Expression lower = RangeRewrite.offset(from, rangeBound(s.lower(), field, data, from, to));
            Expression upper = isLength(s.upper(), field, data) ? Edits.expression(to)
                    : RangeRewrite.offset(from, rangeBound(s.upper(), field, data, from, to));
            ObjectCreationExpr c = s.creation();
            c.setArgument(s.argument(), Edits.expression(fieldReference(name, field, c)));
            c.addArgument(lower);
            c.addArgument(upper);
            if (s.carrier() != null) {
                carriers.add(s.carrier());
            }
        }
        removeCarriers(carriers);
        for (Helper h : helpers) {
            h.apply(from, to);
        }
        RangeRewrite.apply(uses, from, to, data, edits);
        edits.touched(k);
        dropUnusedImports(task.file().unit());
        return "now passes the subtask " + name + " with the index range [" + from + ", " + to + ") instead of "
                + (data == RangeRewrite.Data.LIST ? "a slice of it" : "a copy") + " (new constructor "
                + task.simpleName() + "(" + String.join(", ", signature) + "))";
    }

    /**
     * Removes the locals that carried the slices (and their assignments), keeping the comments of what goes; a
     * declaration whose every variable goes is removed as a whole.
     */
    private void removeCarriers(List<Carrier> carriers) {
        Map<VariableDeclarationExpr, List<VariableDeclarator>> byDeclaration = new IdentityHashMap<>();
        List<Statement> going = new ArrayList<>();
        for (Carrier c : carriers) {
            if (c.assignment() != null) {
                going.add(c.assignment());
            }
            VariableDeclarator v = c.variable();
            byDeclaration.computeIfAbsent((VariableDeclarationExpr) v.getParentNode().orElseThrow(),
                    k -> new ArrayList<>()).add(v);
        }
        byDeclaration.forEach((d, vars) -> {
            if (vars.size() == d.getVariables().size()) {
                going.add((Statement) d.getParentNode().orElseThrow());
            } else {
                vars.forEach(v -> d.getVariables().remove(Edits.indexOf(d.getVariables(), v)));
            }
        });
        edits.removeStatements(going);
    }

    private void requireDataType(Type type, Node context, RangeRewrite.Data data, String what) throws Refusal {
        if (data == RangeRewrite.Data.ARRAY) {
            if (!type.isArrayType()) {
                throw new Refusal("the " + what + " is not an array");
            }
            return;
        }
        TypeRef t = resolver.names().resolveType(type, context);
        if (t == null || t.isArray() || !resolver.names().isSubtype(t, "java.util.List")) {
            throw new Refusal("the " + what + " is declared " + type + ", not a List, so it cannot take the shared list");
        }
    }

    private ConstructorDeclaration constructor(Site s) throws Refusal {
        List<CallableDeclaration<?>> targets = resolver.calls().targets(s.creation());
        if (targets.size() != 1 || !(targets.get(0) instanceof ConstructorDeclaration k)
                || k.getParentNode().orElse(null) != s.task().decl()) {
            throw new Refusal("cannot tell which constructor of " + s.task().simpleName() + " "
                    + RangeRewrite.text(s.creation()) + " calls");
        }
        return k;
    }

    /** {@code this.a = p;} in the constructor, p being used nowhere else there; else refuses. */
    private ExpressionStmt fieldAssignment(ConstructorDeclaration k, String field, Parameter p) throws Refusal {
        ExpressionStmt found = null;
        int usesOfP = 0;
        for (NameExpr n : k.getBody().findAll(NameExpr.class)) {
            Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
            if (b != null && b.declarator() == p) {
                usesOfP++;
                if (n.getParentNode().orElse(null) instanceof AssignExpr a && a.getValue() == n
                        && a.getParentNode().orElse(null) instanceof ExpressionStmt stmt
                        && stmt.getParentNode().orElse(null) == k.getBody()
                        && ((a.getTarget() instanceof FieldAccessExpr f && f.getScope().isThisExpr()
                        && f.getNameAsString().equals(field))
                        || (a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(field)))) {
                    found = stmt;
                }
            }
        }
        if (found == null || usesOfP != 1) {
            throw new Refusal("the constructor does not simply store parameter '" + p.getNameAsString()
                    + "' in '" + field + "'");
        }
        return found;
    }

    /** {@code Task(long[] a, ...) { this(a, ..., 0, a.length); }} before the constructor that takes the range. */
    private void insertDelegatingConstructor(TypeInfo task, ConstructorDeclaration k, Parameter p,
                                             RangeRewrite.Data data) {
        StringBuilder sb = new StringBuilder();
        k.getModifiers().forEach(m -> sb.append(m.getKeyword().asString()).append(' '));
        sb.append(k.getNameAsString()).append('(');
        List<String> params = new ArrayList<>();
        List<String> args = new ArrayList<>();
        for (Parameter x : k.getParameters()) {
            Parameter clean = RangeRewrite.fresh(x);
            clean.getAnnotations().clear();
            params.add(clean.toString());
            args.add(x.getNameAsString());
        }
        sb.append(String.join(", ", params)).append(')');
        if (!k.getThrownExceptions().isEmpty()) {
            List<String> thrown = new ArrayList<>();
            k.getThrownExceptions().forEach(t -> thrown.add(t.asString()));
            sb.append(" throws ").append(String.join(", ", thrown));
        }
        args.add("0");
        args.add(p.getNameAsString() + (data == RangeRewrite.Data.ARRAY ? ".length" : ".size()"));
        sb.append(" {\n    this(").append(String.join(", ", args)).append(");\n}");
        BodyDeclaration<?> delegating = Edits.member(sb.toString());
        edits.insertBefore(task.decl(), k, delegating);
        // The old signature is now the delegating constructor's: so is the comment that documented it.
        if (k.getComment().isPresent()) {
            var comment = k.getComment().get();
            k.removeComment();
            delegating.setComment(comment.clone());
        }
    }

    /** A private method of the task that receives the array as an argument, rewritten to take the range too. */
    private final class Helper {
        private final MethodCallExpr call;
        private final MethodDeclaration method;
        private final int position;
        private final List<RangeRewrite.Use> uses;
        private final List<MethodCallExpr> otherCalls;

        Helper(MethodCallExpr call, MethodDeclaration method, int position, List<RangeRewrite.Use> uses,
               List<MethodCallExpr> otherCalls) {
            this.call = call;
            this.method = method;
            this.position = position;
            this.uses = uses;
            this.otherCalls = otherCalls;
        }

        void apply(String from, String to) {
            call.addArgument(Edits.expression(from));
            call.addArgument(Edits.expression(to));
            for (MethodCallExpr other : otherCalls) {
                Expression array = other.getArgument(position);
                other.addArgument(Edits.expression("0"));
                other.addArgument(Edits.expression(array + ".length"));
            }
            method.addParameter("int", from);
            method.addParameter("int", to);
            RangeRewrite.apply(uses, from, to, RangeRewrite.Data.ARRAY, edits);
        }
    }

    private final Set<MethodDeclaration> helpersSeen = Ast.identitySet();

    private Helper helper(RangeRewrite.Use u, TypeInfo task, String name) throws Refusal {
        String refusal = "'" + name + "' is passed to " + RangeRewrite.text(u.node()) + " at line "
                + RangeRewrite.line(u.node());
        if (!(u.node() instanceof MethodCallExpr call)) {
            throw new Refusal(refusal);
        }
        List<CallableDeclaration<?>> targets = resolver.calls().targets(call);
        if (targets.size() != 1 || !(targets.get(0) instanceof MethodDeclaration m)
                || m.getParentNode().orElse(null) != task.decl() || !m.isPrivate() || m.getBody().isEmpty()) {
            throw new Refusal(refusal + ", which is not a private method of " + task.simpleName()
                    + " that --fix could give the range too");
        }
        if (!helpersSeen.add(m)) {
            throw new Refusal(refusal + ", which is called with it more than once");
        }
        int position = Ast.indexOfSame(call.getArguments(), u.ref());
        Parameter q = m.getParameter(Math.min(position, m.getParameters().size() - 1));
        if (q.isVarArgs()) {
            throw new Refusal(refusal + ", a variadic parameter");
        }
        for (SimpleName n : m.getBody().get().findAll(SimpleName.class)) {
            String id = n.getIdentifier();
            for (String[] names : RANGE_NAMES) {
                if (id.equals(names[0]) || id.equals(names[1])) {
                    throw new Refusal(refusal + ", which already uses the name '" + id + "'");
                }
            }
        }
        List<Expression> refs = RangeRewrite.references(resolver, q, q.getNameAsString(), m.getBody().get());
        List<RangeRewrite.Use> uses = RangeRewrite.classify(resolver, refs, q.getNameAsString());
        for (RangeRewrite.Use use : uses) {
            if (use.kind() == RangeRewrite.Kind.ASSIGNMENT || use.kind() == RangeRewrite.Kind.ARGUMENT
                    || use.kind() == RangeRewrite.Kind.COPY) {
                throw new Refusal(refusal + ", where '" + q.getNameAsString() + "' is used as "
                        + RangeRewrite.text(use.node()));
            }
        }
        CompilationUnit cu = task.decl().findCompilationUnit().orElseThrow();
        List<MethodCallExpr> others = new ArrayList<>();
        for (MethodCallExpr other : cu.findAll(MethodCallExpr.class)) {
            if (other == call || !other.getNameAsString().equals(m.getNameAsString())
                    || !Ast.containsSame(resolver.calls().targets(other), m)) {
                continue;
            }
            Expression array = other.getArgument(position);
            if (!(array instanceof NameExpr)) {
                throw new Refusal(refusal + ", which is also called as " + RangeRewrite.text(other));
            }
            others.add(other);
        }
        for (MethodReferenceExpr r : cu.findAll(MethodReferenceExpr.class)) {
            if (r.getIdentifier().equals(m.getNameAsString())) {
                throw new Refusal(refusal + ", which is also used as " + r);
            }
        }
        return new Helper(call, m, position, uses, others);
    }

    /** A leaf's own copy of a slice of its array: allowed when its bounds are provably within the array. */
    private void requireLeafCopyWithin(MethodCallExpr copy, VariableDeclarator field) throws Refusal {
        boolean range = copy.getNameAsString().equals("copyOfRange");
        Expression lower = range ? copy.getArgument(1) : new IntegerLiteralExpr("0");
        Expression upper = range ? copy.getArgument(2) : copy.getArgument(1);
        if (!within(lower, field, RangeRewrite.Data.ARRAY) || !within(upper, field, RangeRewrite.Data.ARRAY)
                || !(isZero(lower) || isLength(upper, field, RangeRewrite.Data.ARRAY) || lower.equals(upper))) {
            throw new Refusal("the task also copies " + RangeRewrite.text(copy) + " with bounds not provably within"
                    + " the array");
        }
    }

    /** A leaf's own view of a part of its list: allowed when its bounds are provably within the list. */
    private void requireLeafSubListWithin(MethodCallExpr subList, VariableDeclarator field) throws Refusal {
        if (!within(subList.getArgument(0), field, RangeRewrite.Data.LIST)
                || !within(subList.getArgument(1), field, RangeRewrite.Data.LIST)) {
            throw new Refusal("the task also takes " + RangeRewrite.text(subList) + " with bounds not provably within"
                    + " the list");
        }
    }

    /** A copy of a bound expression with {@code a.length} (or {@code a.size()}) replaced by {@code to - from}. */
    private Expression rangeBound(Expression bound, VariableDeclarator field, RangeRewrite.Data data, String from,
                                  String to) {
        Expression copy = RangeRewrite.fresh(bound);
        if (isLength(copy, field, data)) {
            return Edits.expression("(" + to + " - " + from + ")");
        }
        for (Expression e : copy.findAll(Expression.class)) {
            if (isLength(e, field, data) && e.getParentNode().isPresent()) {
                e.replace(Edits.expression("(" + to + " - " + from + ")"));
            }
        }
        return copy;
    }

    // ---------------------------------------------------------------------------------------------
    // Proving slice bounds: 0 <= e <= a.length

    /**
     * Whether {@code e} provably lies in {@code [0, a.length]} ({@code [0, a.size()]}): 0, the length, a division
     * or right shift of those by a non-negative constant, or a local whose one value is one of them
     * ({@link #singleValue}: initialised and never assigned again, or declared first and assigned once).
     */
    private boolean within(Expression e, VariableDeclarator field, RangeRewrite.Data data) {
        return within(e, field, data, 0);
    }

    private boolean within(Expression e, VariableDeclarator field, RangeRewrite.Data data, int depth) {
        e = Ast.unwrap(e);
        if (depth > 4) {
            return false;
        }
        if (isZero(e) || isLength(e, field, data)) {
            return true;
        }
        if (e instanceof BinaryExpr b && b.getRight() instanceof IntegerLiteralExpr k) {
            int n = k.asNumber().intValue();
            return switch (b.getOperator()) {
                case DIVIDE -> n >= 1 && within(b.getLeft(), field, data, depth + 1);
                case SIGNED_RIGHT_SHIFT, UNSIGNED_RIGHT_SHIFT -> n >= 0 && within(b.getLeft(), field, data, depth + 1);
                default -> false;
            };
        }
        if (e instanceof NameExpr n) {
            Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
            Expression value = b != null && b.kind() == Binding.Kind.LOCAL
                    && b.declarator() instanceof VariableDeclarator v ? singleValue(v) : null;
            return value != null && within(value, field, data, depth + 1);
        }
        return false;
    }

    /**
     * The one value a local ever holds: its initializer when nothing assigns it again, or, declared without one,
     * the value of its only assignment ({@code int mid; ... mid = n / 2;}). Java's definite assignment means every
     * read comes after that assignment has run, so every read sees that expression's value (worked out when it
     * ran). Null when the local is assigned more than once, or changed by {@code ++}, {@code +=} and the like.
     */
    private Expression singleValue(VariableDeclarator v) {
        if (v.getInitializer().isPresent()) {
            return effectivelyFinal(v) ? v.getInitializer().get() : null;
        }
        Node scope = Ast.enclosingCallable(v);
        if (scope == null || !noIncrements(v, scope)) {
            return null;
        }
        Expression value = null;
        for (AssignExpr a : scope.findAll(AssignExpr.class)) {
            if (a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(v.getNameAsString())) {
                Binding b = resolver.bindings().lookup(t.getNameAsString(), t);
                if (b == null || b.declarator() != v) {
                    continue;
                }
                if (value != null || a.getOperator() != AssignExpr.Operator.ASSIGN
                        || Ast.enclosingCallable(a) != scope) {
                    return null;
                }
                value = a.getValue();
            }
        }
        return value;
    }

    private boolean effectivelyFinal(VariableDeclarator v) {
        Node scope = Ast.enclosingCallable(v);
        if (scope == null) {
            return false;
        }
        for (AssignExpr a : scope.findAll(AssignExpr.class)) {
            if (a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(v.getNameAsString())) {
                return false;
            }
        }
        return noIncrements(v, scope);
    }

    private static boolean noIncrements(VariableDeclarator v, Node scope) {
        for (UnaryExpr u : scope.findAll(UnaryExpr.class)) {
            if (u.getExpression() instanceof NameExpr t && t.getNameAsString().equals(v.getNameAsString())
                    && (u.getOperator().isPrefix() || u.getOperator().isPostfix())
                    && u.getOperator() != UnaryExpr.Operator.MINUS && u.getOperator() != UnaryExpr.Operator.PLUS
                    && u.getOperator() != UnaryExpr.Operator.LOGICAL_COMPLEMENT
                    && u.getOperator() != UnaryExpr.Operator.BITWISE_COMPLEMENT) {
                return false;
            }
        }
        return true;
    }

    private static boolean isZero(Expression e) {
        return Ast.unwrap(e) instanceof IntegerLiteralExpr i && i.getValue().equals("0");
    }

    /**
     * {@code a.length} of the array field, or {@code a.size()} of the list field, or an effectively final local
     * holding it ({@code int n = a.size();}).
     */
    private boolean isLength(Expression e, VariableDeclarator field, RangeRewrite.Data data) {
        Expression x = Ast.unwrap(e);
        if (x instanceof NameExpr n) {
            Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
            Expression value = b != null && b.kind() == Binding.Kind.LOCAL
                    && b.declarator() instanceof VariableDeclarator v ? singleValue(v) : null;
            return value != null && !(Ast.unwrap(value) instanceof NameExpr) && isLength(value, field, data);
        }
        if (data == RangeRewrite.Data.ARRAY) {
            return x instanceof FieldAccessExpr f && f.getNameAsString().equals("length") && isFieldRef(f.getScope(), field);
        }
        return x instanceof MethodCallExpr m && m.getNameAsString().equals("size") && m.getArguments().isEmpty()
                && m.getScope().isPresent() && isFieldRef(m.getScope().get(), field);
    }

    private boolean isFieldRef(Expression e, VariableDeclarator field) {
        if (e instanceof NameExpr n && n.getNameAsString().equals(field.getNameAsString())) {
            Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
            return b == null || b.declarator() == field;
        }
        return e instanceof FieldAccessExpr f && f.getScope().isThisExpr()
                && f.getNameAsString().equals(field.getNameAsString());
    }

    // ---------------------------------------------------------------------------------------------

    /** Refuses when code outside the task class reads the field ({@code left.data} after a join, say). */
    private void requireNoOutsideAccess(TypeInfo task, String name) throws Refusal {
        boolean isPrivate = task.field(name) != null && task.field(name).declarator().getParentNode()
                .map(p -> p instanceof FieldDeclaration f && f.hasModifier(Modifier.Keyword.PRIVATE)).orElse(false);
        List<SourceFile> files = isPrivate ? List.of(task.file()) : resolver.index().files();
        for (SourceFile f : files) {
            for (FieldAccessExpr access : f.unit().findAll(FieldAccessExpr.class)) {
                if (access.getNameAsString().equals(name) && !access.getScope().isThisExpr()) {
                    TypeRef t = resolver.expressions().typeOf(access.getScope());
                    if (t == null || t.name().equals(task.key())) {
                        throw new Refusal("'" + name + "' is read from outside the task (" + RangeRewrite.text(access)
                                + " in " + f.path().getFileName() + " at line " + RangeRewrite.line(access) + ")");
                    }
                }
            }
        }
    }

    /** The first pair of names for the range that appears nowhere in the task's file. */
    private static String[] freshNames(TypeInfo task) throws Refusal {
        Set<String> used = new HashSet<>();
        task.file().unit().findAll(SimpleName.class).forEach(s -> used.add(s.getIdentifier()));
        for (String[] names : RANGE_NAMES) {
            if (!used.contains(names[0]) && !used.contains(names[1])) {
                return names;
            }
        }
        throw new Refusal("every candidate name for the range is already taken in the file");
    }

    private String fieldReference(String name, VariableDeclarator field, Node at) {
        Binding b = resolver.bindings().lookup(name, at);
        return b != null && b.declarator() == field ? name : "this." + name;
    }

    private static boolean inside(Node n, Set<Node> roots) {
        for (Node p = n; p != null; p = p.getParentNode().orElse(null)) {
            if (roots.contains(p)) {
                return true;
            }
        }
        return false;
    }

    /** Removes the imports of what the copies used ({@code Arrays}, {@code ArrayList}...) once nothing uses them. */
    private static void dropUnusedImports(CompilationUnit cu) {
        Set<String> names = new HashSet<>();
        cu.findAll(SimpleName.class, n -> !(n.getParentNode().orElse(null) instanceof Name))
                .forEach(n -> names.add(n.getIdentifier()));
        cu.findAll(ClassOrInterfaceType.class).forEach(t -> names.add(t.getNameAsString()));
        Set<String> candidates = Set.of("java.util.Arrays", "java.util.Arrays.copyOf", "java.util.Arrays.copyOfRange",
                "java.util.ArrayList", "java.util.LinkedList", "java.util.List.copyOf");
        List<ImportDeclaration> going = new ArrayList<>();
        for (ImportDeclaration imp : cu.getImports()) {
            if (!imp.isAsterisk() && candidates.contains(imp.getNameAsString())
                    && !names.contains(imp.getName().getIdentifier())) {
                going.add(imp);
            }
        }
        Edits.removeImports(cu, going);
    }
}
