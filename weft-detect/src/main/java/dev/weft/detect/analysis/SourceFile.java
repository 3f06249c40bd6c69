package dev.weft.detect.analysis;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;

/**
 * One parsed Java file, with what the analysis looks up in every file collected in the same pass as parsing
 * (on the parser threads, so the single-threaded analysis need not walk every tree again).
 *
 * @param path      the file, as reached from the paths given on the command line
 * @param unit      its syntax tree
 * @param charset   the charset it was read with (a rewrite writes it back the same way)
 * @param types     every type declared in it, nested and local ones included
 * @param anonymous every anonymous class creation
 * @param calls     calls that may hand task bodies to a fork/join API: named like one, with a lambda or method
 *                  reference argument
 */
public record SourceFile(Path path, CompilationUnit unit, Charset charset, List<TypeDeclaration<?>> types,
                         List<ObjectCreationExpr> anonymous, List<MethodCallExpr> calls) {
}
