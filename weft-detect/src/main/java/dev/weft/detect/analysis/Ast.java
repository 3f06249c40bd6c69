package dev.weft.detect.analysis;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/** Small questions about syntax trees that the rules and the rewrites share. */
public final class Ast {
    private Ast() {
    }

    /** The expression without parentheses and casts around it. */
    public static Expression unwrap(Expression e) {
        while (true) {
            if (e instanceof EnclosedExpr en) {
                e = en.getInner();
            } else if (e instanceof CastExpr c) {
                e = c.getExpression();
            } else {
                return e;
            }
        }
    }

    /** The outermost expression that is {@code e} in parentheses or casts. */
    public static Expression wrapped(Expression e) {
        while (e.getParentNode().orElse(null) instanceof Expression p
                && (p instanceof EnclosedExpr || p instanceof CastExpr)) {
            e = p;
        }
        return e;
    }

    /** The method, constructor, lambda or initializer whose code {@code n} is in, or null. */
    public static Node enclosingCallable(Node n) {
        for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof CallableDeclaration<?> || p instanceof LambdaExpr || p instanceof InitializerDeclaration) {
                return p;
            }
        }
        return null;
    }

    /** 1-based line where {@code n} starts, 0 if unknown. */
    public static int line(Node n) {
        return n.getBegin().map(p -> p.line).orElse(0);
    }

    /** 1-based column where {@code n} starts, 0 if unknown. */
    public static int column(Node n) {
        return n.getBegin().map(p -> p.column).orElse(0);
    }

    /**
     * Whether a collection holds this very object. Nodes compare (and hash) structurally, so {@code contains} on
     * a list of nodes walks both trees, and takes two identical methods of different classes for one.
     */
    public static boolean containsSame(Collection<?> c, Object o) {
        for (Object x : c) {
            if (x == o) {
                return true;
            }
        }
        return false;
    }

    /** The position of this very object in a list, or -1 (see {@link #containsSame}). */
    public static int indexOfSame(List<?> list, Object o) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == o) {
                return i;
            }
        }
        return -1;
    }

    /** The list without repeats of the same object, in order (see {@link #containsSame}). */
    public static <T> List<T> distinct(List<T> list) {
        Set<T> seen = identitySet();
        List<T> result = new ArrayList<>();
        for (T x : list) {
            if (seen.add(x)) {
                result.add(x);
            }
        }
        return result;
    }

    /** An identity set, for walks that must not revisit a node (nodes compare structurally). */
    public static <T> Set<T> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }
}
