package dev.weft.atomic.maven;

import dev.weft.atomic.weaver.WeaveException;
import dev.weft.atomic.weaver.Weaver;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Weaves the project's compiled classes that use atomic sets ({@code @AtomicSet}, {@code @Atomic},
 * {@code @AliasAtomicSet}) in place, in {@code process-classes}: each unit of work gets a locked public
 * version and an unlocked internal one. Classes woven before are skipped, so running it twice is harmless.
 * A refused input fails the build with every problem listed (class, method, source line).
 *
 * <pre>{@code
 * <plugin>
 *   <groupId>dev.weft</groupId><artifactId>weft-atomic-maven-plugin</artifactId><version>0.1.0-SNAPSHOT</version>
 *   <executions><execution><goals><goal>weave</goal></goals></execution></executions>
 * </plugin>
 * }</pre>
 */
@Mojo(name = "weave", defaultPhase = LifecyclePhase.PROCESS_CLASSES, threadSafe = true,
        requiresDependencyResolution = ResolutionScope.COMPILE)
public final class WeaveMojo extends AbstractMojo {
    /** The directory to weave. */
    @Parameter(defaultValue = "${project.build.outputDirectory}", required = true)
    private File classesDirectory;

    /** Where supertypes and field types of the woven classes are found. */
    @Parameter(defaultValue = "${project.compileClasspathElements}", readonly = true, required = true)
    private List<String> classpathElements;

    /**
     * Skip weaving: the classes that use atomic sets are not woven but guarded instead (each throws
     * {@code IllegalStateException} at first use, whether or not the annotation processor ran), so a skipped
     * weave never yields classes that run without their locks. For builds that do not run the classes.
     */
    @Parameter(property = "weft.atomic.skip", defaultValue = "false")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        Path dir = classesDirectory.toPath();
        if (!Files.isDirectory(dir)) {
            getLog().info("weft-atomic: no classes to weave in " + dir);
            return;
        }
        List<Path> cp = new ArrayList<>();
        for (String e : classpathElements) {
            Path p = Path.of(e);
            if (!p.equals(dir)) {
                cp.add(p);
            }
        }
        if (skip) {
            try {
                List<String> guarded = new Weaver(cp).guard(dir);
                getLog().warn("weft-atomic: weaving skipped (weft.atomic.skip); " + guarded.size()
                        + " more class(es) that use atomic sets now throw at first use: " + guarded);
            } catch (IOException e) {
                throw new MojoExecutionException("weft-atomic: cannot guard the unwoven classes in " + dir, e);
            }
            return;
        }
        try {
            Weaver.Report r = new Weaver(cp).weave(dir);
            getLog().info("weft-atomic: " + r);
        } catch (WeaveException e) {
            for (String p : e.problems()) {
                getLog().error(p);
            }
            throw new MojoFailureException("weft-atomic: " + e.problems().size()
                    + " problem(s) with atomic sets; nothing was woven (see above)");
        } catch (IOException e) {
            throw new MojoExecutionException("weft-atomic: cannot weave " + dir, e);
        }
    }
}
