package dev.weft.detect.fix;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.comments.BlockComment;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.printer.lexicalpreservation.LexicalPreservingPrinter;
import dev.weft.detect.analysis.Snippets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The files a fix changed, and the helpers for changing them through the lexical-preserving printer: what is
 * not touched is printed exactly as it was read.
 */
final class Edits {
    private final Map<CompilationUnit, Set<String>> changed = new IdentityHashMap<>();
    /** Statements that a rewrite replaced, and what replaced them (a for-each turned into an index loop). */
    private final Map<Statement, Statement> replaced = new IdentityHashMap<>();

    /** Loops whose moved body needs one more level of indentation after printing (see {@link #indentBody}). */
    private final Map<CompilationUnit, List<Indent>> loops = new IdentityHashMap<>();

    /**
     * Lines that must start at a column, recognized after printing: a moved comment, and the first line of the
     * statement right after it when that lost its indentation.
     */
    private record Placed(List<String> lines, int column) {
    }

    private final Map<CompilationUnit, List<Placed>> placed = new IdentityHashMap<>();

    /** A rewritten loop, recognized after printing by its header and first statement, and its indentation unit. */
    private record Indent(String header, String first, int unit) {
    }

    /** Parses a snippet for insertion: a fresh node, printed by the pretty printer where it is inserted. */
    static final JavaParser SNIPPETS = new JavaParser(new ParserConfiguration()
            .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_25));

    static Expression expression(String text) {
        return SNIPPETS.parseExpression(text).getResult().orElseThrow(() -> new IllegalArgumentException(text));
    }

    static Statement statement(String text) {
        return SNIPPETS.parseStatement(text).getResult().orElseThrow(() -> new IllegalArgumentException(text));
    }

    static BodyDeclaration<?> member(String text) {
        return SNIPPETS.parseBodyDeclaration(text).getResult().orElseThrow(() -> new IllegalArgumentException(text));
    }

    void touched(Node n) {
        changed.computeIfAbsent(n.findCompilationUnit().orElseThrow(), k -> new LinkedHashSet<>());
    }

    /** Inserts {@code member} into its type right after {@code anchor}, remembering it for re-indentation. */
    void insertAfter(TypeDeclaration<?> type, BodyDeclaration<?> anchor, BodyDeclaration<?> member) {
        NodeList<BodyDeclaration<?>> members = type.getMembers();
        members.add(indexOf(members, anchor) + 1, member);
        changed.computeIfAbsent(type.findCompilationUnit().orElseThrow(), k -> new LinkedHashSet<>()).add(key(member));
    }

    /** Inserts {@code member} into its type right before {@code anchor}. */
    void insertBefore(TypeDeclaration<?> type, BodyDeclaration<?> anchor, BodyDeclaration<?> member) {
        NodeList<BodyDeclaration<?>> members = type.getMembers();
        members.add(indexOf(members, anchor), member);
        changed.computeIfAbsent(type.findCompilationUnit().orElseThrow(), k -> new LinkedHashSet<>()).add(key(member));
    }

    /** Position of {@code node} in {@code list} by identity (NodeList.indexOf compares structurally). */
    static <N extends Node> int indexOf(NodeList<N> list, Node node) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == node) {
                return i;
            }
        }
        throw new IllegalStateException("not in list: " + node);
    }

    static void insertStatement(BlockStmt block, int index, Statement s) {
        block.getStatements().add(index, s);
    }

    /** Records that a rewrite put {@code replacement} in the place of {@code old}. */
    void replaced(Statement old, Statement replacement) {
        replaced.put(old, replacement);
    }

    /** The statement now in the place of {@code s} (itself if no rewrite replaced it). */
    Statement current(Statement s) {
        Statement now = s;
        while (replaced.containsKey(now)) {
            now = replaced.get(now);
        }
        return now;
    }

    /**
     * Records a loop that replaced another and took over its body: the lexical-preserving printer prints the
     * body's own statements at the loop's indentation (their leading whitespace belonged to the old loop), so
     * {@link #print} indents them by {@code unit} columns.
     */
    void indentBody(ForStmt loop, int unit) {
        CompilationUnit cu = loop.findCompilationUnit().orElseThrow();
        String first = Snippets.code(((BlockStmt) loop.getBody()).getStatement(0));
        loops.computeIfAbsent(cu, k -> new ArrayList<>()).add(new Indent(header(loop), first, unit));
        changed.computeIfAbsent(cu, k -> new LinkedHashSet<>());
    }

    private static String header(ForStmt loop) {
        return loop.getInitialization() + ";" + loop.getCompare().map(Object::toString).orElse("") + ";"
                + loop.getUpdate();
    }

    /** Imports {@code fqn} in the file, placed in order among the other single-type imports. */
    static void addImport(CompilationUnit cu, String fqn) {
        NodeList<ImportDeclaration> imports = cu.getImports();
        int at = imports.size();
        for (int i = 0; i < imports.size(); i++) {
            ImportDeclaration imp = imports.get(i);
            if (!imp.isStatic() && !imp.isModule() && imp.getNameAsString().compareTo(fqn) > 0) {
                at = i;
                break;
            }
        }
        imports.add(at, new ImportDeclaration(fqn, false, false));
    }

    /**
     * Removes statements from their blocks without losing the comments on them or in them: each statement that
     * survives right after removed ones (or right before, at the end of a block) gets their comments, in source
     * order, before its own.
     */
    void removeStatements(List<Statement> going) {
        Set<Statement> gone = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        gone.addAll(going);
        Map<Statement, List<Comment>> inherited = new IdentityHashMap<>();
        List<Comment> orphans = new ArrayList<>();
        for (Statement s : going) {
            List<Comment> comments = new ArrayList<>();
            s.getComment().ifPresent(comments::add);
            comments.addAll(s.getAllContainedComments());
            if (comments.isEmpty()) {
                continue;
            }
            Statement heir = heir(s, gone);
            if (heir == null) {
                orphans.addAll(comments);
            } else {
                inherited.computeIfAbsent(heir, k -> new ArrayList<>()).addAll(comments);
            }
        }
        for (Statement s : going) {
            BlockStmt block = (BlockStmt) s.getParentNode().orElseThrow();
            // Taken off first, the comment takes its line with it; removed with the statement, it leaves the line.
            s.removeComment();
            block.getStatements().remove(indexOf(block.getStatements(), s));
            if (!orphans.isEmpty() && block.getStatements().isEmpty()) {
                orphans.forEach(c -> block.addOrphanComment(c.clone()));
                orphans.clear();
            }
        }
        inherited.forEach((heir, comments) -> {
            List<Comment> all = new ArrayList<>(comments);
            all.sort(Comparator.comparing((Comment c) -> c.getBegin().map(p -> p.line).orElse(Integer.MAX_VALUE))
                    .thenComparing(c -> c.getBegin().map(p -> p.column).orElse(0)));
            if (heir.getComment().isPresent()) {
                all.add(heir.getComment().get());
                heir.removeComment();
            }
            int column = heir.getBegin().map(p -> p.column).orElse(1);
            Comment merged = merge(all, " ".repeat(column - 1));
            heir.setComment(merged);
            // The printer may start the comment and the statement at column 1: print() puts them back.
            List<String> lines = new ArrayList<>();
            merged.toString().lines().forEach(l -> lines.add(l.strip()));
            placed.computeIfAbsent(heir.findCompilationUnit().orElseThrow(), k -> new ArrayList<>())
                    .add(new Placed(lines, column));
        });
    }

    /** The first statement after {@code s} in its block that stays, else the last one before it that stays. */
    private static Statement heir(Statement s, Set<Statement> gone) {
        NodeList<Statement> statements = ((BlockStmt) s.getParentNode().orElseThrow()).getStatements();
        int at = indexOf(statements, s);
        for (int i = at + 1; i < statements.size(); i++) {
            if (!gone.contains(statements.get(i))) {
                return statements.get(i);
            }
        }
        for (int i = at - 1; i >= 0; i--) {
            if (!gone.contains(statements.get(i))) {
                return statements.get(i);
            }
        }
        return null;
    }

    /**
     * One comment that prints as the given ones, in order: a line comment whose text continues onto the next
     * lines with the others written out ({@code // a}, then {@code // b} on the next line); a block comment holding
     * their texts when the first is not a line comment.
     */
    private static Comment merge(List<Comment> comments, String indent) {
        if (comments.size() == 1) {
            return comments.get(0).clone();
        }
        if (!(comments.get(0) instanceof LineComment)) {
            List<String> texts = new ArrayList<>();
            comments.forEach(c -> texts.add(c.getContent().strip()));
            return new BlockComment(" " + String.join("\n" + indent + " * ", texts) + " ");
        }
        StringBuilder sb = new StringBuilder(comments.get(0).getContent());
        for (Comment c : comments.subList(1, comments.size())) {
            sb.append('\n').append(indent).append(c instanceof LineComment ? "//" + c.getContent()
                    : "/*" + c.getContent() + "*/");
        }
        return new LineComment(sb.toString());
    }

    Set<CompilationUnit> units() {
        return changed.keySet();
    }

    /**
     * The new text of a changed file. The lexical-preserving printer keeps every untouched token, but prints a
     * member inserted into a class body at column 0; this indents such members like their neighbours.
     */
    String print(CompilationUnit cu) {
        String text = LexicalPreservingPrinter.print(cu);
        Set<String> inserted = changed.getOrDefault(cu, Set.of());
        text = inserted.isEmpty() ? text : reindent(text, inserted);
        List<Indent> bodies = loops.getOrDefault(cu, List.of());
        text = bodies.isEmpty() ? text : indentBodies(text, bodies);
        return place(text, placed.getOrDefault(cu, List.of()));
    }

    /** Puts each recorded run of lines (found by content) at its column. */
    private static String place(String text, List<Placed> runs) {
        if (runs.isEmpty()) {
            return text;
        }
        List<String> lines = new ArrayList<>(text.lines().toList());
        for (Placed run : runs) {
            List<String> want = run.lines();
            for (int i = 0; i + want.size() <= lines.size(); i++) {
                boolean match = true;
                for (int k = 0; k < want.size() && match; k++) {
                    match = lines.get(i + k).strip().equals(want.get(k));
                }
                if (match) {
                    for (int k = 0; k < want.size(); k++) {
                        lines.set(i + k, " ".repeat(run.column() - 1) + lines.get(i + k).strip());
                    }
                    int next = i + want.size();
                    if (next < lines.size() && !lines.get(next).isBlank()
                            && !Character.isWhitespace(lines.get(next).charAt(0))) {
                        lines.set(next, " ".repeat(run.column() - 1) + lines.get(next));
                    }
                    break;
                }
            }
        }
        return String.join("\n", lines) + (text.endsWith("\n") ? "\n" : "");
    }

    /** Indents the first-level lines of each recorded loop's body (those at the loop's own indentation). */
    private static String indentBodies(String text, List<Indent> bodies) {
        var parsed = new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_25))
                .parse(text);
        if (!parsed.isSuccessful() || parsed.getResult().isEmpty()) {
            return text;
        }
        List<String> lines = new ArrayList<>(text.lines().toList());
        List<Indent> pending = new ArrayList<>(bodies);
        for (ForStmt loop : parsed.getResult().get().findAll(ForStmt.class)) {
            if (!(loop.getBody() instanceof BlockStmt b) || b.isEmpty() || loop.getBegin().isEmpty()
                    || loop.getEnd().isEmpty()) {
                continue;
            }
            Indent match = null;
            for (Indent i : pending) {
                if (i.header().equals(header(loop)) && i.first().equals(Snippets.code(b.getStatement(0)))) {
                    match = i;
                    break;
                }
            }
            if (match == null) {
                continue;
            }
            pending.remove(match);
            String forLine = lines.get(loop.getBegin().get().line - 1);
            String indent = forLine.substring(0, forLine.length() - forLine.stripLeading().length());
            for (int n = loop.getBegin().get().line + 1; n < loop.getEnd().get().line; n++) {
                String line = lines.get(n - 1);
                if (!line.isBlank() && line.startsWith(indent) && !Character.isWhitespace(line.charAt(indent.length()))) {
                    lines.set(n - 1, (indent.contains("\t") ? "\t" : " ".repeat(match.unit())) + line);
                }
            }
        }
        return String.join("\n", lines) + (text.endsWith("\n") ? "\n" : "");
    }

    private static String reindent(String text, Set<String> inserted) {
        JavaParser parser = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_25));
        var parsed = parser.parse(text);
        if (!parsed.isSuccessful() || parsed.getResult().isEmpty()) {
            return text;
        }
        List<String> lines = new ArrayList<>(text.lines().toList());
        for (TypeDeclaration<?> t : parsed.getResult().get().findAll(TypeDeclaration.class)) {
            String indent = null;
            for (BodyDeclaration<?> m : t.getMembers()) {
                if (!inserted.contains(key(m)) && m.getBegin().isPresent()) {
                    String line = lines.get(m.getBegin().get().line - 1);
                    indent = line.substring(0, line.length() - line.stripLeading().length());
                    break;
                }
            }
            if (indent == null || indent.isEmpty()) {
                continue;
            }
            BodyDeclaration<?> previous = null;
            for (BodyDeclaration<?> m : t.getMembers()) {
                BodyDeclaration<?> before = previous;
                previous = m;
                if (!inserted.contains(key(m)) || m.getBegin().isEmpty() || m.getBegin().get().column != 1) {
                    continue;
                }
                // Keep inserted fields with the field they follow, as one group.
                if (m instanceof FieldDeclaration && before instanceof FieldDeclaration && before.getEnd().isPresent()) {
                    for (int i = m.getBegin().get().line - 1; i > before.getEnd().get().line; i--) {
                        if (lines.get(i - 1).isBlank()) {
                            lines.set(i - 1, null);
                        }
                    }
                }
                int first = m.getComment().flatMap(Node::getBegin).map(p -> p.line).orElse(m.getBegin().get().line);
                int last = m.getEnd().get().line;
                for (int i = first; i <= last; i++) {
                    if (!lines.get(i - 1).isBlank()) {
                        lines.set(i - 1, indent + lines.get(i - 1));
                    }
                }
            }
        }
        lines.removeIf(java.util.Objects::isNull);
        return String.join("\n", lines) + (text.endsWith("\n") ? "\n" : "");
    }

    /** A member's identity for re-indentation: kind, name and parameter types. */
    static String key(BodyDeclaration<?> m) {
        if (m instanceof FieldDeclaration f) {
            return "field " + f.getVariables().stream().map(VariableDeclarator::getNameAsString)
                    .collect(Collectors.joining(","));
        }
        if (m instanceof CallableDeclaration<?> c) {
            return "callable " + c.getNameAsString() + c.getParameters().stream()
                    .map(p -> p.getType().asString()).collect(Collectors.joining(",", "(", ")"));
        }
        return m.getClass().getSimpleName();
    }
}
