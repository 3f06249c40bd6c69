/**
 * {@code weft detect}: finds the six fork/join bottlenecks of Pinto et al. in Java sources and rewrites the
 * mechanical ones. The API is package {@code dev.weft.detect}; the sub-packages are internal and not exported.
 *
 * <p>JavaParser's jars are automatic modules (no descriptor; their names come from {@code Automatic-Module-Name})
 * and split no package between them. The symbol solver uses Guava's caches, but an automatic module cannot
 * declare that, and an explicit module such as Guava's is resolved only when some module requires it: hence the
 * {@code requires com.google.common} below, for a dependency this module does not use itself.
 *
 * <p>The analysis asks the platform, by reflection, about the JDK types that the analysed code names (a
 * {@code java.sql} or {@code java.desktop} type as well as a {@code java.base} one): {@code requires java.se} puts
 * all of Java SE in the module graph, as a launch from the class path would. (A plain {@code java -m} launch
 * resolves most of it anyway, through service binding; a jlink image or {@code --limit-modules} does not.)
 */
module dev.weft.detect {
    requires com.github.javaparser.core;
    requires com.github.javaparser.symbolsolver.core;
    requires com.google.common;
    requires java.se;
    requires jdk.compiler;

    exports dev.weft.detect;
}
