package dev.weft.detect.fix;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.printer.lexicalpreservation.LexicalPreservingPrinter;
import java.util.ArrayList;
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
        return inserted.isEmpty() ? text : reindent(text, inserted);
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
