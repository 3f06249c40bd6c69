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
    private final SourceLevel level;
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

    /** New statements of several lines, recognized after printing by their stripped lines. */
    private final Map<CompilationUnit, List<List<String>>> statements = new IdentityHashMap<>();

    /** A rewritten loop, recognized after printing by its header and first statement, and its indentation unit. */
    private record Indent(String header, String first, int unit) {
    }

    /** @param level the language level of the files, for code that must compile there */
    Edits(SourceLevel level) {
        this.level = level;
    }

    /** Whether code written into the file of {@code at} may use the diamond ({@code new ArrayList<>()}). */
    boolean diamond(Node at) {
        return at.findCompilationUnit().flatMap(CompilationUnit::getStorage)
                .map(st -> level.diamond(st.getPath())).orElse(true);
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

    /**
     * Inserts a new statement into a block. The printer puts its first line where the block's statements are,
     * and the lines inside it four spaces per level further: {@link #print} makes those the file's own unit.
     */
    void insertStatement(BlockStmt block, int index, Statement s) {
        block.getStatements().add(index, s);
        String printed = s.toString();
        if (printed.contains("\n")) {
            statements.computeIfAbsent(block.findCompilationUnit().orElseThrow(), k -> new ArrayList<>())
                    .add(printed.lines().map(String::strip).toList());
        }
        touched(block);
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

    /**
     * Imports {@code fqn} in the file, in the group of imports it belongs to: the run of imports (lines with no
     * blank between them) around the one sharing the most leading package names with it, in order there if that
     * run is in order; after the last single-type import when none shares even its first name.
     */
    static void addImport(CompilationUnit cu, String fqn) {
        NodeList<ImportDeclaration> imports = cu.getImports();
        int best = -1;
        int shared = 0;
        for (int i = 0; i < imports.size(); i++) {
            ImportDeclaration imp = imports.get(i);
            if (imp.isStatic() || imp.isModule()) {
                continue;
            }
            int n = sharedNames(imp.getNameAsString(), fqn);
            if (n > shared || best < 0 && n == shared) {
                best = i;
                shared = n;
            }
        }
        ImportDeclaration added = new ImportDeclaration(fqn, false, false);
        if (best < 0) {
            imports.add(added);
            return;
        }
        if (shared == 0) {
            int last = best;
            for (int i = 0; i < imports.size(); i++) {
                if (!imports.get(i).isStatic() && !imports.get(i).isModule()) {
                    last = i;
                }
            }
            imports.add(last + 1, added);
            return;
        }
        int first = best;
        while (first > 0 && adjacent(imports.get(first - 1), imports.get(first))
                && sharedNames(imports.get(first - 1).getNameAsString(), fqn) > 0) {
            first--;
        }
        int last = best;
        while (last + 1 < imports.size() && adjacent(imports.get(last), imports.get(last + 1))
                && sharedNames(imports.get(last + 1).getNameAsString(), fqn) > 0) {
            last++;
        }
        boolean sorted = true;
        for (int i = first; i < last; i++) {
            sorted &= imports.get(i).getNameAsString().compareTo(imports.get(i + 1).getNameAsString()) <= 0;
        }
        int at = best + 1;
        if (sorted) {
            at = last + 1;
            for (int i = first; i <= last; i++) {
                if (imports.get(i).getNameAsString().compareTo(fqn) > 0) {
                    at = i;
                    break;
                }
            }
        }
        imports.add(at, added);
    }

    /** How many leading dotted names two qualified names share ({@code java.util.List}, {@code java.util.Map}: 2). */
    private static int sharedNames(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        int n = 0;
        while (n < x.length - 1 && n < y.length - 1 && x[n].equals(y[n])) {
            n++;
        }
        return n;
    }

    /** Whether {@code b} is on the line right after {@code a} (no blank line, so the same group). */
    private static boolean adjacent(ImportDeclaration a, ImportDeclaration b) {
        int end = a.getEnd().map(p -> p.line).orElse(-1);
        int begin = b.getComment().flatMap(Node::getBegin).or(b::getBegin).map(p -> p.line).orElse(-2);
        return begin == end + 1;
    }

    /**
     * Removes imports without losing the comments the parser attached to them: a line above an import is its
     * comment, and often a commented-out import of its own ({@code // import java.util.Vector;}). Each goes onto
     * the next import that stays (or the previous one, or the first type), before that one's own comment.
     */
    static void removeImports(CompilationUnit cu, List<ImportDeclaration> going) {
        NodeList<ImportDeclaration> imports = cu.getImports();
        Set<ImportDeclaration> gone = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        gone.addAll(going);
        for (ImportDeclaration imp : going) {
            Comment comment = imp.getComment().orElse(null);
            int at = indexOf(imports, imp);
            imp.removeComment();
            if (comment != null) {
                Node heir = null;
                for (int i = at + 1; i < imports.size() && heir == null; i++) {
                    heir = gone.contains(imports.get(i)) ? null : imports.get(i);
                }
                for (int i = at - 1; i >= 0 && heir == null; i--) {
                    heir = gone.contains(imports.get(i)) ? null : imports.get(i);
                }
                if (heir == null && !cu.getTypes().isEmpty()) {
                    heir = cu.getType(0);
                }
                if (heir != null) {
                    Comment own = heir.getComment().orElse(null);
                    heir.setComment(own == null ? comment.clone() : merge(List.of(comment, own), ""));
                }
            }
            imports.remove(indexOf(imports, imp));
        }
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
    String print(CompilationUnit cu, Layout layout) {
        String text = LexicalPreservingPrinter.print(cu).replace("\r\n", "\n");
        Set<String> inserted = changed.getOrDefault(cu, Set.of());
        text = inserted.isEmpty() ? text : reindent(text, inserted, layout);
        List<Indent> bodies = loops.getOrDefault(cu, List.of());
        text = bodies.isEmpty() ? text : indentBodies(text, bodies);
        text = indentStatements(text, statements.getOrDefault(cu, List.of()), layout);
        return layout.lineEnds(place(text, placed.getOrDefault(cu, List.of())));
    }

    /**
     * Gives the inner lines of each new multi-line statement (found by content) the file's unit of indentation:
     * the first line is where the printer put it, each inner line so many of the file's units further as it was
     * printed four spaces further.
     */
    private static String indentStatements(String text, List<List<String>> runs, Layout layout) {
        if (runs.isEmpty()) {
            return text;
        }
        List<String> lines = new ArrayList<>(text.lines().toList());
        for (List<String> want : runs) {
            for (int i = 0; i + want.size() <= lines.size(); i++) {
                boolean match = true;
                for (int k = 0; k < want.size() && match; k++) {
                    match = lines.get(i + k).strip().equals(want.get(k));
                }
                if (!match) {
                    continue;
                }
                String head = lines.get(i);
                String base = head.substring(0, head.length() - head.stripLeading().length());
                int printedBase = base.replace("\t", Layout.PRINTED_UNIT).length();
                for (int k = 1; k < want.size(); k++) {
                    String line = lines.get(i + k);
                    String lead = line.substring(0, line.length() - line.stripLeading().length());
                    int extra = Math.max(0, lead.replace("\t", Layout.PRINTED_UNIT).length() - printedBase);
                    lines.set(i + k, base + layout.unit().repeat(extra / Layout.PRINTED_UNIT.length())
                            + line.stripLeading());
                }
                break;
            }
        }
        return String.join("\n", lines) + (text.endsWith("\n") ? "\n" : "");
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

    private static String reindent(String text, Set<String> inserted, Layout layout) {
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
                    String line = lines.get(i - 1);
                    if (line.isBlank()) {
                        continue;
                    }
                    // A comment moved onto the member keeps its own indentation, which was the member's.
                    boolean comment = i < m.getBegin().get().line;
                    lines.set(i - 1, comment ? indent + line.stripLeading().replaceFirst("^\\*", " *")
                            : indent + layout.indent(line));
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
