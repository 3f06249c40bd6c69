/**
 * Build-time half of weft-atomic: the annotation processor ({@code dev.weft.atomic.processor}) that
 * rejects misuse of atomic sets at compile time, and the weaver ({@link dev.weft.atomic.weaver.Weaver},
 * command line {@link dev.weft.atomic.weaver.WeaveMain}) that translates annotated classes.
 */
module dev.weft.atomic.weaver {
    requires dev.weft.atomic;
    requires java.compiler;
    requires jdk.compiler;
    requires org.objectweb.asm;
    requires org.objectweb.asm.tree;
    requires org.objectweb.asm.tree.analysis;

    exports dev.weft.atomic.weaver;

    provides javax.annotation.processing.Processor with dev.weft.atomic.processor.AtomicSetsProcessor;
}
