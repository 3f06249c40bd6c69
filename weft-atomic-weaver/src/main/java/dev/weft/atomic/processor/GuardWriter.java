package dev.weft.atomic.processor;

import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import dev.weft.atomic.weaver.ClassWeaverGuard;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Puts the unwoven guard into each class file that needs weaving as soon as javac has written it (the
 * {@code GENERATE} event comes after the class file is complete). Nested classes are generated with their
 * own events.
 */
final class GuardWriter implements TaskListener {
    private final ProcessingEnvironment env;
    private final Set<String> guarded;

    GuardWriter(ProcessingEnvironment env, Set<String> guarded) {
        this.env = env;
        this.guarded = guarded;
    }

    @Override
    public void finished(TaskEvent e) {
        if (e.getKind() != TaskEvent.Kind.GENERATE || e.getTypeElement() == null) {
            return;
        }
        TypeElement t = e.getTypeElement();
        String binary = env.getElementUtils().getBinaryName(t).toString();
        if (!guarded.contains(binary)) {
            return;
        }
        String pkg = env.getElementUtils().getPackageOf(t).getQualifiedName().toString();
        String simple = pkg.isEmpty() ? binary : binary.substring(pkg.length() + 1);
        try {
            FileObject fo = env.getFiler().getResource(StandardLocation.CLASS_OUTPUT, pkg, simple + ".class");
            URI uri = fo.toUri();
            if (!"file".equals(uri.getScheme())) {
                env.getMessager().printMessage(Diagnostic.Kind.NOTE, "weft-atomic: " + binary
                        + " is not written to a file; it carries no unwoven guard");
                return;
            }
            Path file = Path.of(uri);
            Files.write(file, ClassWeaverGuard.addGuard(Files.readAllBytes(file)));
        } catch (IOException | RuntimeException ex) {
            env.getMessager().printMessage(Diagnostic.Kind.WARNING, "weft-atomic: could not add the unwoven guard to "
                    + binary + ": " + ex);
        }
    }
}
