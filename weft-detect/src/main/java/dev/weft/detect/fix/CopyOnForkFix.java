package dev.weft.detect.fix;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
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
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import dev.weft.detect.Finding;
import dev.weft.detect.analysis.Ast;
import dev.weft.detect.analysis.Binding;
import dev.weft.detect.analysis.ClassScope;
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
 * Rewrites copy on fork (B2) in its recognizable form, as FJDetector did: a task class keeps its data in a
 * field and its {@code compute()} hands each subtask a copy of a slice of it.
 *
 * <ul>
 *   <li>An array field: the class gets {@code from}/{@code to} fields and a constructor taking them (the old
 *   constructor delegates with the whole array), its uses of the array are rewritten to the slice, and each
 *   {@code new Task(Arrays.copyOfRange(a, i, j))} becomes {@code new Task(a, from + i, from + j)}.</li>
 *   <li>A list field: {@code new ArrayList<>(list.subList(i, j))} (or {@code List.copyOf}) becomes the
 *   read-only view {@code list.subList(i, j)}.</li>
 * </ul>
 *
 * <p>Everything is checked before anything changes; when a condition fails (the task writes into its array,
 * passes it somewhere, the slice bounds cannot be proven within the array, ...) the class is left alone and
 * the reason is reported.
 */
final class CopyOnForkFix {
    private static final Set<String> LIST_READS = Set.of("get", "size", "isEmpty", "contains", "containsAll",
            "indexOf", "lastIndexOf", "stream", "parallelStream", "iterator", "listIterator", "forEach", "subList",
            "toArray", "hashCode", "equals", "spliterator", "getFirst", "getLast", "toString");
    private static final List<String[]> RANGE_NAMES = List.of(new String[] {"from", "to"},
            new String[] {"lo", "hi"}, new String[] {"start", "end"}, new String[] {"begin", "limit"});

    private final Resolver resolver;
    private final Edits edits;

    /**
     * One copy handed to a subtask.
     *
     * @param hit         the finding
     * @param copy        the copying expression
     * @param creation    {@code new Task(...)} that receives it
     * @param argument    its position there
     * @param declaration the statement declaring the local that holds the copy, or null if passed directly
     * @param task        the task class
     * @param field       the field copied
     * @param lower       start of the slice (arrays)
     * @param upper       end of the slice (arrays)
     * @param subList     the {@code list.subList(i, j)} copied (lists)
     */
    private record Site(Hit hit, Expression copy, ObjectCreationExpr creation, int argument, ExpressionStmt declaration,
                        TypeInfo task, VariableDeclarator field, Expression lower, Expression upper,
                        MethodCallExpr subList) {
    }

    CopyOnForkFix(Resolver resolver, Edits edits) {
        this.resolver = resolver;
        this.edits = edits;
    }

    Map<Hit, Finding.Fix> fix(List<Hit> hits) {
        Map<Hit, Finding.Fix> outcome = new IdentityHashMap<>();
        List<List<Site>> groups = new ArrayList<>();
        for (Hit h : hits) {
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
                note = group.get(0).subList() != null ? fixList(group) : fixArray(group);
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
        Expression lower = null;
        Expression upper = null;
        MethodCallExpr subList = null;
        if (copy instanceof MethodCallExpr m && resolver.expressions().isStaticCall(m, "java.util.Arrays", Set.of("copyOf", "copyOfRange"))) {
            source = m.getArgument(0);
            boolean range = m.getNameAsString().equals("copyOfRange");
            lower = range ? m.getArgument(1) : new IntegerLiteralExpr("0");
            upper = range ? m.getArgument(2) : m.getArgument(1);
        } else if (copiedSubList(copy) != null) {
            subList = copiedSubList(copy);
            source = subList.getScope().orElseThrow();
        } else {
            throw new Refusal(otherCopy(copy));
        }
        Expression wrapped = Ast.wrapped(copy);
        Node parent = wrapped.getParentNode().orElseThrow();
        ObjectCreationExpr creation;
        ExpressionStmt declaration = null;
        Expression passed = wrapped;
        if (parent instanceof ObjectCreationExpr o && o.getArguments().contains(wrapped)) {
            creation = o;
        } else if (parent instanceof VariableDeclarator v
                && v.getParentNode().orElse(null) instanceof VariableDeclarationExpr d && d.getVariables().size() == 1
                && d.getParentNode().orElse(null) instanceof ExpressionStmt stmt
                && stmt.getParentNode().orElse(null) instanceof BlockStmt) {
            List<NameExpr> uses = uses(v);
            if (uses.size() != 1) {
                throw new Refusal("the copy in '" + v.getNameAsString() + "' is used " + uses.size()
                        + " times, not only handed to the subtask, so it is needed as a separate buffer");
            }
            passed = Ast.wrapped(uses.get(0));
            if (!(passed.getParentNode().orElse(null) instanceof ObjectCreationExpr o)) {
                throw new Refusal(notToConstructor(uses.get(0)));
            }
            creation = o;
            declaration = stmt;
        } else {
            throw new Refusal(notToConstructor(copy));
        }
        TypeRef t = resolver.names().resolveType(creation.getType(), creation);
        TypeInfo task = t == null ? null : resolver.index().type(t.name());
        if (task == null || task.isInterface() || creation.getAnonymousClassBody().isPresent()) {
            throw new Refusal("the subtask's class is not one of the analysed sources");
        }
        ClassScope here = resolver.bindings().enclosingClass(copy);
        if (here == null || here.info() != task) {
            throw new Refusal("the copy is made outside " + task.simpleName() + ", the class that receives it");
        }
        VariableDeclarator field = fieldOf(source, task);
        if (field == null) {
            throw new Refusal("it copies " + RangeRewrite.text(source) + ", which is not a field of "
                    + task.simpleName());
        }
        return new Site(hit, copy, creation, position(creation, passed), declaration, task, field,
                lower, upper, subList);
    }

    /** Why a copy that does not go straight into {@code new Task(...)} is left alone. */
    private static String notToConstructor(Expression copy) {
        for (Node p = copy.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof com.github.javaparser.ast.expr.LambdaExpr l
                    && l.getParentNode().orElse(null) instanceof MethodCallExpr fork) {
                return "the copy goes to a subtask lambda passed to " + fork.getNameAsString() + "(...), not to a task"
                        + " class's constructor; give the code it calls an index range by hand";
            }
        }
        return "the copy is not passed straight to a subtask's constructor";
    }

    /** {@code x.subList(i, j)} when {@code e} copies it ({@code new ArrayList<>(...)}, {@code List.copyOf}). */
    private MethodCallExpr copiedSubList(Expression e) {
        Expression arg = null;
        if (e instanceof ObjectCreationExpr o && o.getArguments().size() == 1) {
            arg = o.getArgument(0);
        } else if (e instanceof MethodCallExpr m && m.getArguments().size() == 1
                && resolver.expressions().isStaticCall(m, "java.util.List", "copyOf")) {
            arg = m.getArgument(0);
        }
        return arg != null && Ast.unwrap(arg) instanceof MethodCallExpr s && s.getNameAsString().equals("subList")
                && s.getArguments().size() == 2 && s.getScope().isPresent() ? s : null;
    }

    private static String otherCopy(Expression copy) {
        String what = RangeRewrite.text(copy);
        if (copy instanceof MethodCallExpr m && m.getNameAsString().equals("clone")) {
            return what + " is a defensive copy; dropping it is safe only if no caller changes the array"
                    + " afterwards, which --fix cannot know";
        }
        return what + " is not a form --fix rewrites (Arrays.copyOf/copyOfRange of a task's array field, or a"
                + " copied subList of its list field); pass an index range by hand";
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

    private List<NameExpr> uses(VariableDeclarator v) {
        List<NameExpr> result = new ArrayList<>();
        Node scope = Ast.enclosingCallable(v);
        for (NameExpr n : scope.findAll(NameExpr.class)) {
            if (n.getNameAsString().equals(v.getNameAsString())) {
                Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
                if (b != null && b.declarator() == v) {
                    result.add(n);
                }
            }
        }
        return result;
    }

    // ---------------------------------------------------------------------------------------------
    // Lists: share a read-only view

    private String fixList(List<Site> sites) throws Refusal {
        Site first = sites.get(0);
        TypeInfo task = first.task();
        VariableDeclarator field = first.field();
        String name = field.getNameAsString();
        requireListType(field.getType(), field, "field '" + name + "'");
        for (Site s : sites) {
            ConstructorDeclaration k = constructor(s);
            Parameter p = k.getParameter(s.argument());
            requireListType(p.getType(), p, "constructor parameter '" + p.getNameAsString() + "'");
            if (s.declaration() != null) {
                VariableDeclarator v = ((VariableDeclarationExpr) s.declaration().getExpression()).getVariable(0);
                if (!v.getType().isVarType()) {
                    requireListType(v.getType(), v, "variable '" + v.getNameAsString() + "'");
                }
            }
        }
        requireNoOutsideAccess(task, name);
        Set<Node> siteSources = identity();
        sites.forEach(s -> siteSources.add(s.subList().getScope().orElseThrow()));
        for (Expression ref : RangeRewrite.references(resolver, field, name, task.decl())) {
            if (siteSources.contains(ref)) {
                continue;
            }
            Node parent = ref.getParentNode().orElseThrow();
            boolean read = (parent instanceof MethodCallExpr m && m.getScope().orElse(null) == ref
                    && LIST_READS.contains(m.getNameAsString()))
                    || (parent instanceof com.github.javaparser.ast.stmt.ForEachStmt fe && fe.getIterable() == ref)
                    || (parent instanceof AssignExpr a && a.getTarget() == ref
                    && Ast.enclosingCallable(a) instanceof ConstructorDeclaration);
            if (!read) {
                throw new Refusal("'" + name + "' is used as " + RangeRewrite.text(parent) + " at line "
                        + RangeRewrite.line(parent) + "; a shared view is safe only if nothing modifies the list");
            }
        }
        for (Site s : sites) {
            s.copy().replace(RangeRewrite.fresh(s.subList()));
            edits.touched(s.creation());
        }
        dropUnusedImports(task.file().unit());
        return "now hands the subtask the read-only view " + RangeRewrite.text(first.subList())
                + " instead of a copy";
    }

    private void requireListType(com.github.javaparser.ast.type.Type type, Node context, String what) throws Refusal {
        TypeRef t = resolver.names().resolveType(type, context);
        if (t == null || t.isArray() || !resolver.names().isSubtype("java.util.List", t.name())) {
            throw new Refusal("the " + what + " is declared " + type + ", which a subList view cannot be passed as");
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Arrays: share the array, pass an index range

    private String fixArray(List<Site> sites) throws Refusal {
        Site first = sites.get(0);
        TypeInfo task = first.task();
        VariableDeclarator field = first.field();
        String name = field.getNameAsString();
        if (!field.getType().isArrayType()) {
            throw new Refusal("field '" + name + "' is not an array");
        }
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
            if (!withinArray(s.lower(), field) || !withinArray(s.upper(), field)
                    || !(isZero(s.lower()) || isLength(s.upper(), field) || s.lower().equals(s.upper()))) {
                throw new Refusal("cannot prove 0 <= " + s.lower() + " <= " + s.upper() + " <= " + name
                        + ".length; beyond the array, the copy would pad with zeros where a range would not");
            }
        }
        Parameter p = k.getParameter(first.argument());
        ExpressionStmt assignment = fieldAssignment(k, name, p);
        if (p.isVarArgs() || !k.getTypeParameters().isEmpty()) {
            throw new Refusal("constructor " + k.getDeclarationAsString(false, false, false) + " is generic or variadic");
        }
        for (ConstructorDeclaration other : task.constructors()) {
            if (other != k && !(other.getBody().getStatements().getFirst().orElse(null)
                    instanceof ExplicitConstructorInvocationStmt e && e.isThis())) {
                throw new Refusal("constructor " + other.getDeclarationAsString(false, false, false)
                        + " sets the fields too, and would need from/to of its own");
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

        // Every use of the array in the class must be rewritable; site copies are rewritten separately.
        Set<Node> siteCopies = identity();
        sites.forEach(s -> siteCopies.add(s.copy()));
        List<Expression> refs = new ArrayList<>();
        for (Expression ref : RangeRewrite.references(resolver, field, name, task.decl())) {
            if (!inside(ref, siteCopies)) {
                refs.add(ref);
            }
        }
        List<RangeRewrite.Use> uses = RangeRewrite.classify(resolver, refs, name);
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
                default -> {
                }
            }
        }

        // All checked: rewrite.
        FieldDeclaration declaration = (FieldDeclaration) field.getParentNode().orElseThrow();
        edits.insertAfter(task.decl(), declaration, Edits.member("private final int " + to + ";"));
        edits.insertAfter(task.decl(), declaration, Edits.member("private final int " + from + ";"));
        insertDelegatingConstructor(task, k, p);
        k.addParameter(new Parameter(new com.github.javaparser.ast.type.PrimitiveType(
                com.github.javaparser.ast.type.PrimitiveType.Primitive.INT), from));
        k.addParameter(new Parameter(new com.github.javaparser.ast.type.PrimitiveType(
                com.github.javaparser.ast.type.PrimitiveType.Primitive.INT), to));
        BlockStmt body = k.getBody();
        int at = Edits.indexOf(body.getStatements(), assignment) + 1;
        Edits.insertStatement(body, at, Edits.statement("this." + from + " = " + from + ";"));
        Edits.insertStatement(body, at + 1, Edits.statement("this." + to + " = " + to + ";"));

        for (Site s : sites) {
            Expression lower = RangeRewrite.offset(from, rangeBound(s.lower(), field, from, to));
            Expression upper = isLength(s.upper(), field) ? Edits.expression(to)
                    : RangeRewrite.offset(from, rangeBound(s.upper(), field, from, to));
            ObjectCreationExpr c = s.creation();
            c.setArgument(s.argument(), Edits.expression(fieldReference(name, field, c)));
            c.addArgument(lower);
            c.addArgument(upper);
            if (s.declaration() != null) {
                BlockStmt block = (BlockStmt) s.declaration().getParentNode().orElseThrow();
                block.getStatements().remove(Edits.indexOf(block.getStatements(), s.declaration()));
            }
        }
        for (Helper h : helpers) {
            h.apply(from, to);
        }
        RangeRewrite.apply(uses, from, to);
        edits.touched(k);
        dropUnusedImports(task.file().unit());
        return "now passes the subtask " + name + " with the index range [" + from + ", " + to + ") instead of a copy"
                + " (new constructor " + task.simpleName() + "(" + String.join(", ", signature) + "))";
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
    private void insertDelegatingConstructor(TypeInfo task, ConstructorDeclaration k, Parameter p) {
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
        args.add(p.getNameAsString() + ".length");
        sb.append(" {\n    this(").append(String.join(", ", args)).append(");\n}");
        edits.insertBefore(task.decl(), k, Edits.member(sb.toString()));
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
            RangeRewrite.apply(uses, from, to);
        }
    }

    private final Set<MethodDeclaration> helpersSeen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

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
        int position = call.getArguments().indexOf(u.ref());
        Parameter q = m.getParameter(Math.min(position, m.getParameters().size() - 1));
        if (q.isVarArgs()) {
            throw new Refusal(refusal + ", a variadic parameter");
        }
        for (Node n : m.getBody().get().findAll(SimpleName.class)) {
            String id = ((SimpleName) n).getIdentifier();
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
                    || !resolver.calls().targets(other).contains(m)) {
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
        if (!withinArray(lower, field) || !withinArray(upper, field)
                || !(isZero(lower) || isLength(upper, field) || lower.equals(upper))) {
            throw new Refusal("the task also copies " + RangeRewrite.text(copy) + " with bounds not provably within"
                    + " the array");
        }
    }

    /** A copy of a bound expression with {@code a.length} replaced by {@code to - from}. */
    private Expression rangeBound(Expression bound, VariableDeclarator field, String from, String to) {
        Expression copy = RangeRewrite.fresh(bound);
        if (isLength(copy, field)) {
            return Edits.expression("(" + to + " - " + from + ")");
        }
        for (FieldAccessExpr f : copy.findAll(FieldAccessExpr.class)) {
            if (f.getNameAsString().equals("length") && isFieldRef(f.getScope(), field)) {
                f.replace(Edits.expression("(" + to + " - " + from + ")"));
            }
        }
        return copy;
    }

    // ---------------------------------------------------------------------------------------------
    // Proving slice bounds: 0 <= e <= a.length

    /**
     * Whether {@code e} provably lies in {@code [0, a.length]}: 0, {@code a.length}, a division or right shift of
     * those by a non-negative constant, or an effectively final local initialised to one of them.
     */
    private boolean withinArray(Expression e, VariableDeclarator field) {
        return withinArray(e, field, 0);
    }

    private boolean withinArray(Expression e, VariableDeclarator field, int depth) {
        e = Ast.unwrap(e);
        if (depth > 4) {
            return false;
        }
        if (isZero(e) || isLength(e, field)) {
            return true;
        }
        if (e instanceof BinaryExpr b && b.getRight() instanceof IntegerLiteralExpr k) {
            int n = k.asNumber().intValue();
            return switch (b.getOperator()) {
                case DIVIDE -> n >= 1 && withinArray(b.getLeft(), field, depth + 1);
                case SIGNED_RIGHT_SHIFT, UNSIGNED_RIGHT_SHIFT -> n >= 0 && withinArray(b.getLeft(), field, depth + 1);
                default -> false;
            };
        }
        if (e instanceof NameExpr n) {
            Binding b = resolver.bindings().lookup(n.getNameAsString(), n);
            return b != null && b.kind() == Binding.Kind.LOCAL && b.initializer() != null
                    && b.declarator() instanceof VariableDeclarator v && effectivelyFinal(v)
                    && withinArray(b.initializer(), field, depth + 1);
        }
        return false;
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

    private boolean isLength(Expression e, VariableDeclarator field) {
        return Ast.unwrap(e) instanceof FieldAccessExpr f && f.getNameAsString().equals("length")
                && isFieldRef(f.getScope(), field);
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
        List<SourceFile> files = isPrivate
                ? List.of(task.file())
                : resolver.index().files();
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

    private static Set<Node> identity() {
        return java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    }

    /** Removes the imports of what the copies used ({@code Arrays}, {@code ArrayList}...) once nothing uses them. */
    private static void dropUnusedImports(CompilationUnit cu) {
        Set<String> names = new HashSet<>();
        cu.findAll(SimpleName.class, n -> !(n.getParentNode().orElse(null) instanceof com.github.javaparser.ast.expr.Name))
                .forEach(n -> names.add(n.getIdentifier()));
        cu.findAll(com.github.javaparser.ast.type.ClassOrInterfaceType.class).forEach(t -> names.add(t.getNameAsString()));
        Set<String> candidates = Set.of("java.util.Arrays", "java.util.Arrays.copyOf", "java.util.Arrays.copyOfRange",
                "java.util.ArrayList", "java.util.List.copyOf");
        cu.getImports().removeIf(imp -> !imp.isAsterisk() && candidates.contains(imp.getNameAsString())
                && !names.contains(imp.getName().getIdentifier()));
    }

    private static int position(ObjectCreationExpr creation, Expression argument) {
        for (int i = 0; i < creation.getArguments().size(); i++) {
            if (creation.getArgument(i) == argument) {
                return i;
            }
        }
        throw new IllegalStateException("not an argument: " + argument);
    }
}
