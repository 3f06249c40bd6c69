/**
 * Internal: from files to task code.
 *
 * <p>{@link dev.weft.detect.analysis.SourceScan} runs javac's parser over every file (syntax check, packages,
 * declared types); {@link dev.weft.detect.analysis.SourceParser} builds JavaParser trees for the files that can
 * hold task code, and {@link dev.weft.detect.analysis.ProjectIndex} parses the rest on demand.
 * {@link dev.weft.detect.analysis.Types} resolves types and call targets from declarations and reflection,
 * asking the {@link dev.weft.detect.analysis.SolverFallback symbol solver} only about the few receivers it
 * cannot type. {@link dev.weft.detect.analysis.TaskCode} finds the entry points of task code and follows calls
 * from them.
 */
package dev.weft.detect.analysis;
