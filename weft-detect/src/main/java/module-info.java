/**
 * {@code weft detect}: finds the six fork/join bottlenecks of Pinto et al. in Java sources and rewrites the
 * mechanical ones. The API is package {@code dev.weft.detect}; the sub-packages are internal and not exported.
 *
 * <p>JavaParser's jars are automatic modules (no descriptor; their names come from {@code Automatic-Module-Name})
 * and split no package between them. The symbol solver uses Guava's caches, but an automatic module cannot
 * declare that, and an explicit module such as Guava's is resolved only when some module requires it: hence the
 * {@code requires com.google.common} below, for a dependency this module does not use itself.
 */
module dev.weft.detect {
    requires com.github.javaparser.core;
    requires com.github.javaparser.symbolsolver.core;
    requires com.google.common;
    requires jdk.compiler;

    exports dev.weft.detect;
}
