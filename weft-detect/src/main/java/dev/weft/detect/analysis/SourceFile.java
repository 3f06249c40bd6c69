package dev.weft.detect.analysis;

import com.github.javaparser.ast.CompilationUnit;
import java.nio.charset.Charset;
import java.nio.file.Path;

/**
 * One parsed Java file.
 *
 * @param path    the file, as reached from the paths given on the command line
 * @param unit    its syntax tree
 * @param charset the charset it was read with (a rewrite writes it back the same way)
 */
public record SourceFile(Path path, CompilationUnit unit, Charset charset) {
}
