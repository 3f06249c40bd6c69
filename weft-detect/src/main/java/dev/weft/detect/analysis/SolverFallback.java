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
 * worked out once). So that one question that walks a large generic hierarchy (a field of type {@code P}
 * inherited through three generic superclasses, re-read from source at each step: 45 s on h2o-3) cannot stall a
 * run, each question has a budget of type lookups, and all of them together another: the symbol solver asks the
 * type solver below for every type it needs, at every step of its walk, so the lookups count the work done.
 * The budgets are counted in lookups, not seconds, so that the same sources give the same findings on a fast
 * machine and on a loaded one (with a budget in seconds, a cold JVM on a busy machine left a receiver untyped
 * that a warm one typed). The questions come in the same order on every run (the rules walk the task bodies in
 * order, on one thread), and so do their lookups. What could not be typed is counted ({@link #counts()}), and the
 * report says so. Access is serialised: the solver's caches are not built for concurrent use.
 */
public final class SolverFallback {
    /**
     * Type lookups one question may make: 30 times what the questions of h2o-3 make (at most 70 there, 206 for
     * its 10 questions; at most 8 on the test corpora).
     */
    static final int QUESTION_STEPS = 2_000;
    /** Type lookups all questions of a run may make together. */
    static final int RUN_STEPS = 100_000;

    private final JavaParserFacade facade;
    private final JavaSymbolSolver symbolSolver;
    private final Steps steps;
    private final Map<Expression, Optional<TypeRef>> answers = new IdentityHashMap<>();
    private final int questionSteps;
    private final int runSteps;
    private int asked;
    private int answered;
    private int overBudget;
    private int failed;
    private int maxSteps;

    /**
     * The type solver the symbol solver asks: the real ones behind a count of lookups, so that a question past its
     * budget fails at its next lookup.
     */
    private static final class Steps implements TypeSolver {
        private final TypeSolver inner;
        private TypeSolver parent;
        /** Lookups made by all questions so far, and where the current question must stop. */
        private long taken;
        private long limit = Long.MAX_VALUE;

        Steps(TypeSolver inner) {
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

        private void step() {
            if (++taken > limit) {
                throw new OverBudget();
            }
        }

        @Override
        public SymbolReference<ResolvedReferenceTypeDeclaration> tryToSolveType(String name) {
            step();
            return inner.tryToSolveType(name);
        }

        @Override
        public SymbolReference<ResolvedReferenceTypeDeclaration> tryToSolveTypeInModule(String module, String name) {
            step();
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

    /** A question past its budget of lookups. */
    private static final class OverBudget extends RuntimeException {
        OverBudget() {
            super("symbol solver question past its budget", null, false, false);
        }
    }

    /**
     * What the solver did in one run.
     *
     * @param asked      questions asked (each expression once)
     * @param typed      questions answered with a type
     * @param overBudget questions given up at their budget of lookups, or asked when the run's budget was spent
     * @param failed     questions the solver failed on: names of libraries the sources were not given with,
     *                   or shapes it does not handle
     * @param maxSteps   the most lookups one question made
     */
    public record Counts(int asked, int typed, int overBudget, int failed, int maxSteps) {
        /** Questions asked and not answered with a type. */
        public int untyped() {
            return asked - typed;
        }
    }

    /**
     * @param index the analysed sources: the solver finds the project's types there, in the trees already parsed
     *              (or parsed on demand, one file per type), not by re-reading whole package directories
     */
    public SolverFallback(ProjectIndex index) {
        this(index, QUESTION_STEPS, RUN_STEPS);
    }

    /** A solver with other budgets (tests: a budget that a question goes over). */
    SolverFallback(ProjectIndex index, int questionSteps, int runSteps) {
        // Only the JDK through reflection: the detector's own dependencies are not the analysed code's.
        CombinedTypeSolver types = new CombinedTypeSolver(new ReflectionTypeSolver(true), new IndexTypes(index));
        this.steps = new Steps(types);
        this.facade = JavaParserFacade.get(steps);
        this.symbolSolver = new JavaSymbolSolver(steps);
        this.questionSteps = questionSteps;
        this.runSteps = runSteps;
    }

    /** The type of {@code e}, or null if the solver cannot tell (or the budget is spent). */
    public synchronized TypeRef typeOf(Expression e) {
        Optional<TypeRef> known = answers.get(e);
        if (known != null) {
            return known.orElse(null);
        }
        TypeRef t = ask(e);
        answers.put(e, Optional.ofNullable(t));
        return t;
    }

    private TypeRef ask(Expression e) {
        asked++;
        if (steps.taken >= runSteps) {
            overBudget++;
            return null;
        }
        long before = steps.taken;
        steps.limit = Math.min(before + questionSteps, runSteps);
        try {
            e.findCompilationUnit().ifPresent(cu -> {
                if (!cu.containsData(Node.SYMBOL_RESOLVER_KEY)) {
                    cu.setData(Node.SYMBOL_RESOLVER_KEY, symbolSolver);
                }
            });
            TypeRef t = convert(facade.getType(e));
            if (t != null) {
                answered++;
            } else {
                failed++;
            }
            return t;
        } catch (RuntimeException | StackOverflowError | LinkageError ex) {
            // Unresolvable names (code against libraries we were not given) are the common case here; a budget
            // passed inside the solver may also come back wrapped in one of its own exceptions, so the count of
            // lookups, not the exception, says which it was.
            if (steps.taken > steps.limit) {
                overBudget++;
            } else {
                failed++;
            }
            return null;
        } finally {
            // The lookup that went over the limit threw before it ran: the question made limit - before of them.
            steps.taken = Math.min(steps.taken, steps.limit);
            maxSteps = (int) Math.max(maxSteps, steps.taken - before);
            steps.limit = Long.MAX_VALUE;
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

    /** What the solver did so far. */
    public synchronized Counts counts() {
        return new Counts(asked, answered, overBudget, failed, maxSteps);
    }

    synchronized String stats() {
        return String.format("symbol solver asked %d times, typed %d, over budget %d, failed %d, %d type lookups"
                + " (at most %d for one question)", asked, answered, overBudget, failed, steps.taken, maxSteps);
    }
}
