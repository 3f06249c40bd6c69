package dev.weft.detect.analysis;

import dev.weft.detect.Unresolved;
import java.util.Optional;

/**
 * Static types and call targets, worked out from the source itself, in four parts that build on each other:
 * {@link TypeNames} (what a type name written somewhere denotes, subtyping), {@link Bindings} (what a simple
 * name refers to as a variable), {@link ExpressionTypes} (the static type of an expression) and
 * {@link CallTargets} (which methods of the analysed sources a call may run).
 *
 * <p>Fork/join code declares its types: {@code ForkJoinPool pool}, {@code long[] data}, {@code Lock lock}. So
 * resolution reads declarations (locals, parameters, fields, imports, the project's own types) and asks
 * reflection about JDK types; it needs neither a classpath nor a second parse of anything. What it cannot type
 * (a {@code var} bound to a generic call, an implicit lambda parameter) is handed, only for the few receivers
 * a rule actually asks about, to JavaParser's symbol solver ({@link SolverFallback}).
 */
public final class Resolver {
    private final ProjectIndex index;
    private final SolverFallback solver;
    private final TypeNames names;
    private final Bindings bindings;
    private final ExpressionTypes expressions;
    private final CallTargets calls;
    private final Forks forks;
    private final JoinedValues joinedValues;
    private final Dispatch dispatch;
    private final Copies copies;
    private final Sharing sharing;

    /**
     * @param index  the analysed sources
     * @param solver the fallback for receivers the declarations do not type, or null for none
     */
    public Resolver(ProjectIndex index, SolverFallback solver) {
        JdkTypes jdk = new JdkTypes();
        this.index = index;
        this.solver = solver;
        this.names = new TypeNames(index, jdk);
        this.bindings = new Bindings(this, index, names, jdk);
        this.expressions = new ExpressionTypes(index, names, bindings, jdk, solver);
        this.calls = new CallTargets(index, names, bindings, expressions);
        this.forks = new Forks(this);
        this.joinedValues = new JoinedValues(this);
        this.dispatch = new Dispatch(this);
        this.copies = new Copies(this);
        this.sharing = new Sharing(this);
    }

    public ProjectIndex index() {
        return index;
    }

    public TypeNames names() {
        return names;
    }

    public Bindings bindings() {
        return bindings;
    }

    public ExpressionTypes expressions() {
        return expressions;
    }

    public CallTargets calls() {
        return calls;
    }

    public Forks forks() {
        return forks;
    }

    public JoinedValues joinedValues() {
        return joinedValues;
    }

    public Dispatch dispatch() {
        return dispatch;
    }

    public Copies copies() {
        return copies;
    }

    public Sharing sharing() {
        return sharing;
    }

    /** The receivers the symbol solver was asked about and could not type. */
    public Unresolved unresolved() {
        if (solver == null) {
            return Unresolved.NONE;
        }
        SolverFallback.Counts c = solver.counts();
        return new Unresolved(c.untyped(), c.overBudget());
    }

    /** The solver's counters, for the closing statistics line. */
    public Optional<String> solverStats() {
        return solver == null ? Optional.empty() : Optional.of(solver.stats());
    }
}
