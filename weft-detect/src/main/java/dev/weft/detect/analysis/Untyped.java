package dev.weft.detect.analysis;

import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Code that looks like fork/join code but that the detector could not type as such: a class that extends a
 * {@code RecursiveTask} of some library that is neither a fork/join API the detector knows nor part of the
 * analysed sources. No rule looks at such code, so the run says so instead of reporting nothing in silence.
 */
public final class Untyped {
    private static final Set<String> TASK_NAMES = Set.of("ForkJoinTask", "RecursiveTask", "RecursiveAction",
            "CountedCompleter");

    /**
     * One class or anonymous class whose fork/join base could not be typed.
     *
     * @param file    its file
     * @param line    where its declaration starts
     * @param column  and the column
     * @param message what it extends, what that resolved to, and what to do about it
     */
    public record Site(Path file, int line, int column, String message) {
    }

    private Untyped() {
    }

    /** The classes of the parsed files that extend a type named like a fork/join task but are not task types. */
    public static List<Site> find(Resolver resolver) {
        TypeNames names = resolver.names();
        List<Site> sites = new ArrayList<>();
        for (SourceFile f : resolver.index().files()) {
            for (TypeDeclaration<?> t : f.types()) {
                if (t instanceof ClassOrInterfaceDeclaration c && !c.isInterface()) {
                    for (ClassOrInterfaceType e : c.getExtendedTypes()) {
                        String problem = problem(e, names);
                        if (problem != null) {
                            sites.add(new Site(f.path(), Ast.line(c), Ast.column(c), c.getNameAsString() + " extends "
                                    + e.getNameAsString() + problem));
                        }
                    }
                }
            }
            for (ObjectCreationExpr o : f.anonymous()) {
                String problem = problem(o.getType(), names);
                if (problem != null) {
                    sites.add(new Site(f.path(), Ast.line(o), Ast.column(o), "this anonymous " + o.getType().getNameAsString()
                            + problem));
                }
            }
        }
        sites.sort(Comparator.comparing((Site s) -> s.file().toString()).thenComparingInt(Site::line));
        return sites;
    }

    private static String problem(ClassOrInterfaceType type, TypeNames names) {
        if (!TASK_NAMES.contains(type.getNameAsString())) {
            return null;
        }
        String resolved = names.resolveTypeName(type.getNameWithScope(), type);
        if (resolved != null && (names.isTaskType(resolved) || names.typeExistsInSources(resolved))) {
            return null;
        }
        String what = resolved == null ? ", which does not resolve to any type"
                : ", which is " + ProjectIndex.nameOf(resolved);
        return what + ": neither a fork/join API weft detect knows (java.util.concurrent's, jsr166y, jsr166e,"
                + " scala.concurrent.forkjoin, Weft) nor a class of the analysed sources, so its code was not analysed"
                + " as task code. Add the sources of that class to the paths given, if it is a fork/join task.";
    }
}
