/**
 * Internal: from files to task code.
 *
 * <p>{@link dev.weft.detect.analysis.SourceScan} runs javac's parser over every file (syntax check, packages,
 * declared types); {@link dev.weft.detect.analysis.SourceParser} builds JavaParser trees for the files that can
 * hold task code, and {@link dev.weft.detect.analysis.ProjectIndex} parses the rest on demand.
 * {@link dev.weft.detect.analysis.Resolver} works out types from declarations and reflection, in four parts:
 * {@link dev.weft.detect.analysis.TypeNames type names}, {@link dev.weft.detect.analysis.Bindings bindings},
 * {@link dev.weft.detect.analysis.ExpressionTypes expression types} and
 * {@link dev.weft.detect.analysis.CallTargets call targets}; it asks the
 * {@link dev.weft.detect.analysis.SolverFallback symbol solver} only about the few receivers it cannot type.
 * {@link dev.weft.detect.analysis.TaskCode} finds the entry points of task code and follows calls from them,
 * through interfaces, abstract methods and functional values where {@link dev.weft.detect.analysis.Dispatch}
 * can tell what runs. {@link dev.weft.detect.analysis.Copies}, {@link dev.weft.detect.analysis.Forks},
 * {@link dev.weft.detect.analysis.JoinedValues} and {@link dev.weft.detect.analysis.Ast} answer the questions
 * about code that the rules and the rewrites share. {@link dev.weft.detect.analysis.Untyped} finds the
 * fork/join-looking code that none of this could type, for the run to say so.
 */
package dev.weft.detect.analysis;
