package dev.weft.detect.fix;

import com.github.javaparser.ast.CompilationUnit;
import dev.weft.detect.Bottleneck;
import dev.weft.detect.Finding;
import dev.weft.detect.analysis.Resolver;
import dev.weft.detect.rules.Hit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --fix}: rewrites copy on fork (B2, {@link CopyOnForkFix}) and scattered data (B4,
 * {@link ScatteredDataFix}) in the syntax trees, then writes the changed files back through JavaParser's
 * lexical-preserving printer, so that formatting and comments outside the rewritten code stay as they were.
 * The other bottlenecks need a design decision (where should results go instead of being copied, what should
 * replace a lock), so they are only reported.
 */
public final class Fixer {
    private final Resolver resolver;
    private final Edits edits;

    /**
     * @param resolver    the resolver of the analysis whose hits are fixed (its trees must keep their layout)
     * @param sourceLevel the Java version to write code for (0: each file's build file says, if any)
     */
    public Fixer(Resolver resolver, int sourceLevel) {
        this.resolver = resolver;
        this.edits = new Edits(new SourceLevel(sourceLevel));
    }

    /** Rewrites what it can; returns, for each B2 and B4 hit, what was done or why not. */
    public Map<Hit, Finding.Fix> fix(List<Hit> hits) {
        Map<Hit, Finding.Fix> outcome = new IdentityHashMap<>();
        List<Hit> copies = new ArrayList<>();
        for (Hit h : hits) {
            if (h.bottleneck() == Bottleneck.B2) {
                copies.add(h);
            }
        }
        outcome.putAll(new CopyOnForkFix(resolver, edits).fix(copies));
        ScatteredDataFix scattered = new ScatteredDataFix(resolver, edits);
        for (Hit h : hits) {
            if (h.bottleneck() == Bottleneck.B4) {
                outcome.put(h, scattered.fix(h));
            }
        }
        return outcome;
    }

    /** Writes the changed files; returns how many. */
    public int write() {
        int n = 0;
        for (CompilationUnit cu : edits.units()) {
            var storage = cu.getStorage().orElseThrow();
            Path path = storage.getPath();
            try {
                // Written the way the file was: its line separator, its indentation.
                Layout layout = Layout.of(Files.readString(path, storage.getEncoding()));
                Files.writeString(path, edits.print(cu, layout), storage.getEncoding());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            n++;
        }
        return n;
    }
}
