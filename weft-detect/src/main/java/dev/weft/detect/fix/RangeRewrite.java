package dev.weft.detect.fix;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.LiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.printer.lexicalpreservation.LexicalPreservingPrinter;
import dev.weft.detect.analysis.Ast;
import dev.weft.detect.analysis.Binding;
import dev.weft.detect.analysis.Resolver;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Turns the uses of an array or a list {@code a} into uses of the slice {@code [from, to)} of shared data.
 *
 * <ul>
 *   <li>Arrays: {@code a.length} becomes {@code to - from}, {@code a[i]} becomes {@code a[from + i]}, a for-each
 *   over {@code a} becomes an index loop over {@code [from, to)}, a leaf's own {@code Arrays.copyOfRange(a, i, j)}
 *   is offset and {@code Arrays.stream(a)} bounded.</li>
 *   <li>Lists: {@code a.size()} becomes {@code to - from}, {@code a.get(i)} becomes {@code a.get(from + i)},
 *   {@code a.isEmpty()} becomes {@code to == from}, a for-each becomes an index loop, a leaf's own
 *   {@code a.subList(i, j)} is offset, and any other reading call ({@code a.stream()}, {@code a.contains(x)})
 *   is made on the view {@code a.subList(from, to)}.</li>
 * </ul>
 *
 * Any other use (a write, passing the data on) makes the rewrite unsafe: {@link #classify} refuses it before
 * anything changes.
 */
final class RangeRewrite {
    /** What the data is. */
    enum Data { ARRAY, LIST }

    /** How the data is used at one place. */
    enum Kind { LENGTH, READ, FOR_EACH, COPY, STREAM, ASSIGNMENT, ARGUMENT, GET, IS_EMPTY, SUB_LIST, VIEW_CALL }

    /** Methods of {@code java.util.List} that only read it, whatever their arguments. */
    private static final Set<String> LIST_READS = Set.of("contains", "containsAll", "indexOf", "lastIndexOf", "stream",
            "parallelStream", "iterator", "listIterator", "forEach", "toArray", "spliterator", "getFirst", "getLast",
            "hashCode", "equals", "toString");

    /**
     * One use.
     *
     * @param kind  how
     * @param ref   the reference to the array ({@code a} or {@code this.a})
     * @param node  the construct to rewrite (the {@code a.length}, the {@code a[i]}, the loop, the call)
     */
    record Use(Kind kind, Expression ref, Node node) {
    }

    private RangeRewrite() {
    }

    /** The references to the variable declared by {@code declarator} (a field or a parameter) within {@code scope}. */
    static List<Expression> references(Resolver resolver, Node declarator, String name, Node scope) {
        List<Expression> refs = new ArrayList<>();
        for (NameExpr n : scope.findAll(NameExpr.class)) {
            if (n.getNameAsString().equals(name)) {
                Binding b = resolver.bindings().lookup(name, n);
                if (b != null && b.declarator() == declarator) {
                    refs.add(n);
                }
            }
        }
        for (FieldAccessExpr f : scope.findAll(FieldAccessExpr.class)) {
            if (f.getNameAsString().equals(name) && f.getScope().isThisExpr()
                    && f.getScope().asThisExpr().getTypeName().isEmpty()) {
                refs.add(f);
            }
        }
        return refs;
    }

    /** How each reference uses the data; refuses uses that cannot be rewritten to a range. */
    static List<Use> classify(Resolver resolver, List<Expression> refs, String name, Data data) throws Refusal {
        return data == Data.ARRAY ? classify(resolver, refs, name) : classifyList(refs, name);
    }

    private static List<Use> classifyList(List<Expression> refs, String name) throws Refusal {
        List<Use> uses = new ArrayList<>();
        for (Expression ref : refs) {
            Node parent = ref.getParentNode().orElseThrow();
            if (parent instanceof MethodCallExpr m && m.getScope().orElse(null) == ref) {
                String call = m.getNameAsString();
                int n = m.getArguments().size();
                if (call.equals("size") && n == 0) {
                    uses.add(new Use(Kind.LENGTH, ref, m));
                } else if (call.equals("get") && n == 1) {
                    uses.add(new Use(Kind.GET, ref, m));
                } else if (call.equals("isEmpty") && n == 0) {
                    uses.add(new Use(Kind.IS_EMPTY, ref, m));
                } else if (call.equals("subList") && n == 2) {
                    uses.add(new Use(Kind.SUB_LIST, ref, m));
                } else if (LIST_READS.contains(call)) {
                    uses.add(new Use(Kind.VIEW_CALL, ref, m));
                } else {
                    throw new Refusal("the task modifies or hands out '" + name + "' (" + text(m) + " at line " + line(m)
                            + "); sharing the list would make that visible outside the part it was given");
                }
            } else if (parent instanceof ForEachStmt fe && fe.getIterable() == ref) {
                uses.add(new Use(Kind.FOR_EACH, ref, fe));
            } else if (parent instanceof AssignExpr a && a.getTarget() == ref) {
                uses.add(new Use(Kind.ASSIGNMENT, ref, a));
            } else {
                throw new Refusal("'" + name + "' is used as " + text(parent) + " at line " + line(parent)
                        + ": passed on or returned, the shared list would reach code that had a copy of its own");
            }
        }
        return uses;
    }

    /** How each reference uses the array; refuses uses that cannot be rewritten to a range. */
    static List<Use> classify(Resolver resolver, List<Expression> refs, String name) throws Refusal {
        List<Use> uses = new ArrayList<>();
        for (Expression ref : refs) {
            Node parent = ref.getParentNode().orElseThrow();
            if (parent instanceof FieldAccessExpr f && f.getScope() == ref && f.getNameAsString().equals("length")) {
                uses.add(new Use(Kind.LENGTH, ref, f));
            } else if (parent instanceof ArrayAccessExpr a && a.getName() == ref) {
                Node p = a.getParentNode().orElseThrow();
                if ((p instanceof AssignExpr as && as.getTarget() == a)
                        || (p instanceof UnaryExpr u && (u.getOperator().isPrefix() || u.getOperator().isPostfix())
                        && u.getOperator() != UnaryExpr.Operator.MINUS && u.getOperator() != UnaryExpr.Operator.PLUS
                        && u.getOperator() != UnaryExpr.Operator.LOGICAL_COMPLEMENT
                        && u.getOperator() != UnaryExpr.Operator.BITWISE_COMPLEMENT)) {
                    throw new Refusal("the task writes into '" + name + "' (" + text(p) + " at line " + line(p)
                            + "); sharing the array would make those writes visible outside the slice it was given");
                }
                uses.add(new Use(Kind.READ, ref, a));
            } else if (parent instanceof ForEachStmt fe && fe.getIterable() == ref) {
                uses.add(new Use(Kind.FOR_EACH, ref, fe));
            } else if (parent instanceof MethodCallExpr m && m.getArguments().contains(ref)) {
                String call = m.getNameAsString();
                boolean arrays = resolver.expressions().isStaticCall(m, "java.util.Arrays", call);
                if (arrays && m.getArgument(0) == ref && (call.equals("copyOfRange") && m.getArguments().size() == 3
                        || call.equals("copyOf") && m.getArguments().size() == 2)) {
                    uses.add(new Use(Kind.COPY, ref, m));
                } else if (arrays && call.equals("stream") && m.getArguments().size() == 1) {
                    uses.add(new Use(Kind.STREAM, ref, m));
                } else {
                    uses.add(new Use(Kind.ARGUMENT, ref, m));
                }
            } else if (parent instanceof ObjectCreationExpr o && o.getArguments().contains(ref)) {
                uses.add(new Use(Kind.ARGUMENT, ref, o));
            } else if (parent instanceof AssignExpr a && a.getTarget() == ref) {
                uses.add(new Use(Kind.ASSIGNMENT, ref, a));
            } else {
                throw new Refusal("'" + name + "' is used as " + text(parent) + " at line " + line(parent)
                        + ", which --fix cannot turn into an index range");
            }
        }
        return uses;
    }

    /** Rewrites the uses (all but ASSIGNMENT and ARGUMENT, which the caller handles) for the slice [from, to). */
    static void apply(List<Use> uses, String from, String to, Data data, Edits edits) {
        // Inner constructs first: a length inside an index, a loop inside a loop's body (which is copied).
        List<Use> ordered = new ArrayList<>(uses);
        ordered.sort(Comparator.comparingInt((Use u) -> u.kind() == Kind.FOR_EACH ? 1 : 0)
                .thenComparing(Comparator.comparingInt((Use u) -> depth(u.node())).reversed()));
        for (Use u : ordered) {
            switch (u.kind()) {
                case LENGTH -> u.node().replace(length(u.node(), from, to));
                case GET -> {
                    MethodCallExpr m = (MethodCallExpr) u.node();
                    m.setArgument(0, offset(from, m.getArgument(0)));
                }
                case IS_EMPTY -> u.node().replace(bare(u.node()) ? Edits.expression(to + " == " + from)
                        : new EnclosedExpr(Edits.expression(to + " == " + from)));
                case SUB_LIST -> {
                    MethodCallExpr m = (MethodCallExpr) u.node();
                    m.setArgument(0, offset(from, m.getArgument(0)));
                    m.setArgument(1, offset(from, m.getArgument(1)));
                }
                case VIEW_CALL -> ((MethodCallExpr) u.node()).setScope(
                        Edits.expression(u.ref() + ".subList(" + from + ", " + to + ")"));
                case READ -> {
                    ArrayAccessExpr a = (ArrayAccessExpr) u.node();
                    a.setIndex(offset(from, a.getIndex()));
                }
                case COPY -> {
                    MethodCallExpr m = (MethodCallExpr) u.node();
                    if (m.getNameAsString().equals("copyOf")) {
                        Expression n = m.getArgument(1);
                        m.setName("copyOfRange");
                        m.setArgument(1, Edits.expression(from));
                        m.addArgument(offset(from, n));
                    } else {
                        m.setArgument(1, offset(from, m.getArgument(1)));
                        m.setArgument(2, offset(from, m.getArgument(2)));
                    }
                }
                case STREAM -> {
                    MethodCallExpr m = (MethodCallExpr) u.node();
                    m.addArgument(Edits.expression(from));
                    m.addArgument(Edits.expression(to));
                }
                case FOR_EACH -> indexLoop((ForEachStmt) u.node(), u.ref(), from, to, data, edits);
                default -> {
                }
            }
        }
    }

    private static int depth(Node n) {
        int d = 0;
        for (Node p = n; p.getParentNode().isPresent(); p = p.getParentNode().get()) {
            d++;
        }
        return d;
    }

    /** {@code to - from} in place of {@code a.length}, parenthesized unless the context makes that unnecessary. */
    static Expression length(Node replaced, String from, String to) {
        Expression len = Edits.expression(to + " - " + from);
        Node parent = replaced.getParentNode().orElse(null);
        boolean bare = bare(replaced)
                || (parent instanceof BinaryExpr b && (LOOSER.contains(b.getOperator())
                || (b.getLeft() == replaced && (b.getOperator() == BinaryExpr.Operator.PLUS
                || b.getOperator() == BinaryExpr.Operator.MINUS))));
        return bare ? len : new EnclosedExpr(len);
    }

    /** Whether an expression put in place of {@code replaced} needs no parentheses whatever its operators. */
    private static boolean bare(Node replaced) {
        Node parent = replaced.getParentNode().orElse(null);
        return parent instanceof VariableDeclarator || parent instanceof ReturnStmt || parent instanceof EnclosedExpr
                || (parent instanceof IfStmt i && i.getCondition() == replaced)
                || (parent instanceof WhileStmt w && w.getCondition() == replaced)
                || (parent instanceof MethodCallExpr m && Ast.containsSame(m.getArguments(), replaced))
                || (parent instanceof ObjectCreationExpr o && Ast.containsSame(o.getArguments(), replaced))
                || (parent instanceof AssignExpr a && a.getValue() == replaced)
                || parent instanceof ExpressionStmt;
    }

    private static final Set<BinaryExpr.Operator> LOOSER = Set.of(BinaryExpr.Operator.LESS,
            BinaryExpr.Operator.LESS_EQUALS, BinaryExpr.Operator.GREATER, BinaryExpr.Operator.GREATER_EQUALS,
            BinaryExpr.Operator.EQUALS, BinaryExpr.Operator.NOT_EQUALS, BinaryExpr.Operator.AND, BinaryExpr.Operator.OR);

    /** {@code from + e} (just {@code from} when e is 0), with e parenthesized if it binds looser than +. */
    static Expression offset(String from, Expression e) {
        if (e instanceof IntegerLiteralExpr i && i.getValue().equals("0")) {
            return Edits.expression(from);
        }
        String inner = e.toString();
        boolean tight = e instanceof NameExpr || e instanceof LiteralExpr || e instanceof MethodCallExpr
                || e instanceof FieldAccessExpr || e instanceof ArrayAccessExpr || e instanceof EnclosedExpr
                || (e instanceof BinaryExpr b && (b.getOperator() == BinaryExpr.Operator.MULTIPLY
                || b.getOperator() == BinaryExpr.Operator.DIVIDE || b.getOperator() == BinaryExpr.Operator.REMAINDER));
        return Edits.expression(from + " + " + (tight ? inner : "(" + inner + ")"));
    }

    /**
     * Replaces {@code for (T x : a) body} with {@code for (int i = from; i < to; i++) { T x = a[i]; body }} (with
     * {@code a.get(i)} for a list). The body is moved, not copied, so that its text and comments are printed as
     * they were read.
     */
    private static void indexLoop(ForEachStmt fe, Expression ref, String from, String to, Data data, Edits edits) {
        String index = freshIndex(fe);
        // The body's statements print where they were, less the loop's own indentation: Edits puts it back.
        int unit = fe.getBody() instanceof BlockStmt b && !b.isEmpty() && fe.getBegin().isPresent()
                && b.getStatement(0).getBegin().isPresent()
                ? b.getStatement(0).getBegin().get().column - fe.getBegin().get().column : 4;
        VariableDeclarationExpr element = fresh(fe.getVariable());
        element.getVariable(0).setInitializer(Edits.expression(data == Data.ARRAY ? ref + "[" + index + "]"
                : ref + ".get(" + index + ")"));
        ForStmt loop = (ForStmt) Edits.statement("for (int " + index + " = " + from + "; " + index + " < " + to
                + "; " + index + "++) {}");
        Statement body = fe.getBody();
        if (body instanceof BlockStmt block) {
            block.addStatement(0, new ExpressionStmt(element));
            loop.setBody(block);
        } else {
            BlockStmt block = new BlockStmt();
            block.addStatement(new ExpressionStmt(element));
            block.addStatement(body);
            loop.setBody(block);
        }
        fe.replace(loop);
        edits.replaced(fe, loop);
        edits.indentBody(loop, Math.max(1, unit));
    }

    /** A copy of a node with no lexical-preservation data: the printer prints it afresh, where it lands. */
    @SuppressWarnings("unchecked")
    static <N extends Node> N fresh(N n) {
        N copy = (N) n.clone();
        copy.walk(x -> {
            if (x.containsData(LexicalPreservingPrinter.NODE_TEXT_DATA)) {
                x.removeData(LexicalPreservingPrinter.NODE_TEXT_DATA);
            }
        });
        return copy;
    }

    private static String freshIndex(ForEachStmt fe) {
        Node scope = fe;
        for (Node p = fe; p != null; p = p.getParentNode().orElse(null)) {
            scope = p;
            if (p instanceof BodyDeclaration<?> || p instanceof LambdaExpr) {
                break;
            }
        }
        Set<String> used = new java.util.HashSet<>();
        scope.findAll(com.github.javaparser.ast.expr.SimpleName.class).forEach(s -> used.add(s.getIdentifier()));
        for (String candidate : List.of("i", "j", "k", "idx", "index")) {
            if (!used.contains(candidate)) {
                return candidate;
            }
        }
        int n = 2;
        while (used.contains("i" + n)) {
            n++;
        }
        return "i" + n;
    }

    static String text(Node n) {
        return dev.weft.detect.analysis.Snippets.text(n);
    }

    static int line(Node n) {
        return n.getBegin().map(p -> p.line).orElse(0);
    }
}
