package dev.weft.detect.analysis;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.resolution.TypeSolver;
import com.github.javaparser.resolution.declarations.ResolvedReferenceTypeDeclaration;
import com.github.javaparser.resolution.model.SymbolReference;
import com.github.javaparser.resolution.types.ResolvedType;
import com.github.javaparser.symbolsolver.JavaSymbolSolver;
import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;
import com.github.javaparser.symbolsolver.resolution.typesolvers.CombinedTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.ReflectionTypeSolver;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * JavaParser's symbol solver, asked only about receivers that declarations alone do not type (a {@code var}
 * bound to a generic call, an implicit lambda parameter, a chain through generic JDK methods).
 *
 * <p>It is accurate but costly (it re-reads the declarations it needs and infers generics), so the detector
 * never runs it over whole files: {@link ExpressionTypes} asks it about one expression at a time, only for the few
 * call receivers a rule or the call graph needs. Each answer is kept (a receiver asked about by several rules is
 * worked out once); each question after the first has a deadline, and all of them a budget, so that one question
 * that walks a large generic hierarchy (a field of type {@code P} inherited through three generic superclasses,
 * re-read from source at each step: 45 s on h2o-3) cannot stall a run. The deadline is kept by the type solver
 * the symbol solver asks for every type it needs: past it, that solver fails, and so does the question. Access is
 * serialised: the solver's caches are not built for concurrent use.
 */
public final class SolverFallback {
    private static final long BUDGET_NANOS = 5_000_000_000L;
    /**
     * One question's deadline, after the first: that one pays for loading the JDK's types by reflection (seconds in
     * a cold JVM on a busy machine) and may use the whole budget; later ones take milliseconds.
     */
    private static final long QUESTION_NANOS = 1_000_000_000L;

    private final JavaParserFacade facade;
    private final JavaSymbolSolver symbolSolver;
    private final Deadline deadline;
    private final Map<Expression, Optional<TypeRef>> answers = new IdentityHashMap<>();
    private long spentNanos;
    private int asked;
    private int answered;
    private int timedOut;

    /**
     * The type solver the symbol solver asks: the real ones behind a deadline, so that a question past its time
     * fails at its next type lookup (the solver looks one up at every step of its walk).
     */
    private static final class Deadline implements TypeSolver {
        private final TypeSolver inner;
        private TypeSolver parent;
        private long until = Long.MAX_VALUE;

        Deadline(TypeSolver inner) {
            this.inner = inner;
            inner.setParent(this);
        }

        @Override
        public TypeSolver getParent() {
            return parent;
        }

        @Override
        public void setParent(TypeSolver parent) {
            this.parent = parent;
        }

        @Override
        public SymbolReference<ResolvedReferenceTypeDeclaration> tryToSolveType(String name) {
            if (System.nanoTime() > until) {
                throw new OutOfTime();
            }
            return inner.tryToSolveType(name);
        }

        @Override
        public SymbolReference<ResolvedReferenceTypeDeclaration> tryToSolveTypeInModule(String module, String name) {
            if (System.nanoTime() > until) {
                throw new OutOfTime();
            }
            return inner.tryToSolveTypeInModule(module, name);
        }
    }

    /**
     * The project's types, from the index: a name the sources declare is the declaration's tree there. JavaParser's
     * own source type solver parses every file of a package directory to find one type in it, with positions and
     * comments, again for each solver: on a large tree that is most of a question's time.
     */
    private static final class IndexTypes implements TypeSolver {
        private final ProjectIndex index;
        private TypeSolver parent;

        IndexTypes(ProjectIndex index) {
            this.index = index;
        }

        @Override
        public TypeSolver getParent() {
            return parent;
        }

        @Override
        public void setParent(TypeSolver parent) {
            this.parent = parent;
        }

        @Override
        public SymbolReference<ResolvedReferenceTypeDeclaration> tryToSolveType(String name) {
            TypeInfo t = index.type(name);
            if (t == null) {
                return SymbolReference.unsolved();
            }
            t.decl().findCompilationUnit().ifPresent(cu -> {
                if (!cu.containsData(Node.SYMBOL_RESOLVER_KEY)) {
                    cu.setData(Node.SYMBOL_RESOLVER_KEY, new JavaSymbolSolver(getRoot()));
                }
            });
            return SymbolReference.solved(JavaParserFacade.get(getRoot()).getTypeDeclaration(t.decl()));
        }

        @Override
        public SymbolReference<ResolvedReferenceTypeDeclaration> tryToSolveTypeInModule(String module, String name) {
            return tryToSolveType(name);
        }
    }

    /** A question past its deadline. */
    private static final class OutOfTime extends RuntimeException {
        OutOfTime() {
            super("symbol solver question past its deadline", null, false, false);
        }
    }

    /**
     * @param index the analysed sources: the solver finds the project's types there, in the trees already parsed
     *              (or parsed on demand, one file per type), not by re-reading whole package directories
     */
    public SolverFallback(ProjectIndex index) {
        // Only the JDK through reflection: the detector's own dependencies are not the analysed code's.
        CombinedTypeSolver types = new CombinedTypeSolver(new ReflectionTypeSolver(true), new IndexTypes(index));
        this.deadline = new Deadline(types);
        this.facade = JavaParserFacade.get(deadline);
        this.symbolSolver = new JavaSymbolSolver(deadline);
    }

    /** The type of {@code e}, or null if the solver cannot tell (or the budget is spent). */
    public synchronized TypeRef typeOf(Expression e) {
        Optional<TypeRef> known = answers.get(e);
        if (known != null) {
            return known.orElse(null);
        }
        if (spentNanos > BUDGET_NANOS) {
            return null;
        }
        TypeRef t = ask(e);
        answers.put(e, Optional.ofNullable(t));
        return t;
    }

    private TypeRef ask(Expression e) {
        asked++;
        long start = System.nanoTime();
        deadline.until = start + (asked == 1 ? BUDGET_NANOS : Math.min(QUESTION_NANOS, BUDGET_NANOS - spentNanos));
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
        } catch (OutOfTime ex) {
            timedOut++;
            return null;
        } catch (RuntimeException | StackOverflowError | LinkageError ex) {
            // Unresolvable names (code against libraries we were not given) are the common case here; a deadline
            // passed inside the solver may also come back wrapped in one of its own exceptions.
            if (System.nanoTime() > deadline.until) {
                timedOut++;
            }
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
        return String.format("symbol solver asked %d times, typed %d, out of time %d, %.1f s", asked, answered,
                timedOut, spentNanos / 1e9);
    }
}
