package dev.weft.detect.analysis;

import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.resolution.types.ResolvedType;
import com.github.javaparser.symbolsolver.JavaSymbolSolver;
import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;
import com.github.javaparser.symbolsolver.resolution.typesolvers.CombinedTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.JavaParserTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.ReflectionTypeSolver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * JavaParser's symbol solver, asked only about receivers that declarations alone do not type (a {@code var}
 * bound to a generic call, an implicit lambda parameter, a chain through generic JDK methods).
 *
 * <p>It is accurate but costly (it re-reads the declarations it needs and infers generics), so the detector
 * never runs it over whole files: {@link ExpressionTypes} asks it about one expression at a time, only for the few
 * call receivers a rule or the call graph needs, and gives up after a time budget so that a pathological
 * tree cannot stall a run. Access is serialised: the solver's caches are not built for concurrent use.
 */
public final class SolverFallback {
    private static final long BUDGET_NANOS = 5_000_000_000L;

    private final JavaParserFacade facade;
    private final JavaSymbolSolver symbolSolver;
    private long spentNanos;
    private int asked;
    private int answered;

    /** @param sourceRoots the roots of the analysed package trees, where the solver finds the project's types */
    public SolverFallback(Set<Path> sourceRoots) {
        // Only the JDK through reflection: the detector's own dependencies are not the analysed code's.
        CombinedTypeSolver types = new CombinedTypeSolver(new ReflectionTypeSolver(true));
        // Positions (so tokens) are needed: the solver orders declarations by them.
        ParserConfiguration config = new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_25)
                .setAttributeComments(false);
        for (Path root : sourceRoots) {
            if (Files.isDirectory(root)) {
                types.add(new JavaParserTypeSolver(root, config));
            }
        }
        this.facade = JavaParserFacade.get(types);
        this.symbolSolver = new JavaSymbolSolver(types);
    }

    /** The type of {@code e}, or null if the solver cannot tell (or the budget is spent). */
    public synchronized TypeRef typeOf(Expression e) {
        if (spentNanos > BUDGET_NANOS) {
            return null;
        }
        asked++;
        long start = System.nanoTime();
        try {
            e.findCompilationUnit().ifPresent(cu -> {
                if (!cu.containsData(Node.SYMBOL_RESOLVER_KEY)) {
                    cu.setData(Node.SYMBOL_RESOLVER_KEY, symbolSolver);
                }
            });
            TypeRef t = convert(facade.getType(e));
            if (t != null) {
                answered++;
            }
            return t;
        } catch (RuntimeException | StackOverflowError | LinkageError ex) {
            // Unresolvable names (code against libraries we were not given) are the common case here.
            return null;
        } finally {
            spentNanos += System.nanoTime() - start;
        }
    }

    private static TypeRef convert(ResolvedType t) {
        // An implicit lambda parameter of Consumer<? super X> comes back as a constraint or wildcard: it is an X.
        if (t.isConstraint()) {
            t = t.asConstraintType().getBound();
        }
        if (t.isWildcard()) {
            if (!t.asWildcard().isBounded()) {
                return null;
            }
            t = t.asWildcard().getBoundedType();
        }
        int dims = 0;
        while (t.isArray()) {
            dims++;
            t = t.asArrayType().getComponentType();
        }
        if (t.isPrimitive()) {
            return new TypeRef(t.asPrimitive().describe(), dims);
        }
        if (t.isReferenceType()) {
            return new TypeRef(t.asReferenceType().getQualifiedName(), dims);
        }
        return null;
    }

    synchronized String stats() {
        return String.format("symbol solver asked %d times, typed %d, %.1f s", asked, answered, spentNanos / 1e9);
    }
}
