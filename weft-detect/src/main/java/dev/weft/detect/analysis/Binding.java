package dev.weft.detect.analysis;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.type.Type;

/**
 * What a simple name refers to at some point of the code: a local variable, a parameter or a field.
 *
 * @param kind        what sort of variable
 * @param declarator  the node that declares the name (a VariableDeclarator, Parameter, ...); null for a JDK field
 * @param type        the declared type (a {@code var} or an implicit lambda parameter type included); null when
 *                    {@code knownType} is given
 * @param initializer the initializer of a local variable, or null
 * @param knownType   the type, when it came from reflection rather than source
 */
public record Binding(Kind kind, Node declarator, Type type, Expression initializer, TypeRef knownType) {
    /** The sorts of variables. */
    public enum Kind { LOCAL, PARAMETER, LAMBDA_PARAMETER, FIELD }
}
