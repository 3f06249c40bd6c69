package dev.weft.detect.analysis;

import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.expr.ObjectCreationExpr;

/**
 * A class body that encloses some code: a declared type, or an anonymous class (whose "name" for member
 * lookup is its supertype).
 *
 * @param info      the declared type, or null for an anonymous class
 * @param anonymous the anonymous class creation, or null
 * @param key       the declared type's key (see {@link TypeInfo#key()}), or the anonymous class's supertype
 *                  (null if unresolved)
 */
public record ClassScope(TypeInfo info, ObjectCreationExpr anonymous, String key) {

    /** The members written in this body. */
    public NodeList<BodyDeclaration<?>> members() {
        return info != null ? info.decl().getMembers() : anonymous.getAnonymousClassBody().orElseThrow();
    }
}
