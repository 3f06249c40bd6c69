package dev.weft.detect;

import com.github.javaparser.ast.CompilationUnit;
import dev.weft.detect.analysis.ProjectIndex;
import dev.weft.detect.analysis.SolverFallback;
import dev.weft.detect.analysis.SourceFile;
import dev.weft.detect.analysis.SourceParser;
import dev.weft.detect.analysis.TaskCode;
import dev.weft.detect.analysis.Types;
import dev.weft.detect.fix.Fixer;
import dev.weft.detect.rules.Analysis;
import dev.weft.detect.rules.Hit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Finds the six fork/join bottlenecks ({@link Bottleneck}) in Java sources, and with {@code fix} rewrites the
 * mechanical ones in place.
 *
 * <pre>{@code
 * Report r = new Detector(EnumSet.allOf(Bottleneck.class), false).analyse(List.of(Path.of("src")));
 * r.findings().forEach(f -> System.out.println(f.toText()));
 * }</pre>
 *
 * <p>All files are analysed together: task code is followed into methods of any analysed file. A file that
 * does not parse becomes a {@link Problem} and the others are still analysed.
 */
public final class Detector {
    /** Trees with at least this many files get progress lines. */
    static final int PROGRESS_THRESHOLD = 200;

    private final Set<Bottleneck> bottlenecks;
    private final boolean fix;
    private Consumer<String> progress = s -> {
    };

    /**
     * @param bottlenecks which bottlenecks to look for
     * @param fix         whether to rewrite copy on fork (B2) and scattered data (B4) where provably safe
     */
    public Detector(Set<Bottleneck> bottlenecks, boolean fix) {
        this.bottlenecks = bottlenecks.isEmpty() ? EnumSet.noneOf(Bottleneck.class) : EnumSet.copyOf(bottlenecks);
        this.fix = fix;
    }

    /** Where progress lines go (for trees of {@value #PROGRESS_THRESHOLD} files or more); none by default. */
    public Detector withProgress(Consumer<String> sink) {
        this.progress = sink;
        return this;
    }

    /**
     * Analyses the Java files under {@code paths} (files, or directories walked for {@code *.java}).
     *
     * @throws IOException if a directory cannot be walked
     */
    public Report analyse(List<Path> paths) throws IOException {
        long start = System.nanoTime();
        List<Path> files = javaFiles(paths);
        boolean large = files.size() >= PROGRESS_THRESHOLD;
        int step = Math.max(1, files.size() / 10);
        if (large) {
            progress.accept("weft detect: parsing " + files.size() + " files");
        }
        SourceParser parser = new SourceParser(fix, Runtime.getRuntime().availableProcessors());
        List<SourceParser.Result> parsed = parser.parseAll(files, done -> {
            if (large && done % step == 0 && done < files.size()) {
                progress.accept("weft detect: parsed " + done + "/" + files.size() + " files");
            }
        });
        List<SourceFile> sources = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (SourceParser.Result r : parsed) {
            if (r.file() != null) {
                sources.add(r.file());
            } else {
                problems.add(new Problem(r.path(), r.line(), r.column(), r.error()));
            }
        }
        if (large) {
            progress.accept("weft detect: analysing task code");
        }
        ProjectIndex index = new ProjectIndex(sources);
        Types types = new Types(index, new SolverFallback(SolverFallback.sourceRoots(sources)));
        TaskCode code = TaskCode.find(types);
        List<Hit> hits = Analysis.run(types, code, bottlenecks);

        // Positions first: a fix may take the offending node out of the tree.
        Map<CompilationUnit, Path> fileOf = new IdentityHashMap<>();
        for (SourceFile f : sources) {
            fileOf.put(f.unit(), f.path());
        }
        List<Path> hitFiles = new ArrayList<>();
        for (Hit h : hits) {
            hitFiles.add(fileOf.get(h.node().findCompilationUnit().orElseThrow()));
        }
        int[] lines = hits.stream().mapToInt(Hit::line).toArray();
        int[] columns = hits.stream().mapToInt(Hit::column).toArray();
        Map<Hit, Finding.Fix> fixes = Map.of();
        int rewritten = 0;
        if (fix) {
            Fixer fixer = new Fixer(types);
            fixes = fixer.fix(hits);
            rewritten = fixer.write();
        }
        List<Finding> findings = new ArrayList<>();
        for (int i = 0; i < hits.size(); i++) {
            Hit h = hits.get(i);
            findings.add(new Finding(hitFiles.get(i), lines[i], columns[i], h.bottleneck(), h.message(), fixes.get(h)));
        }
        findings.sort(Finding.ORDER);
        if (large) {
            double seconds = (System.nanoTime() - start) / 1e9;
            progress.accept(String.format("weft detect: %d files in %.1f s (%.0f files/s), %d task bodies%s",
                    files.size(), seconds, files.size() / seconds, code.bodies().size(),
                    types.solverStats().map(s -> ", " + s).orElse("")));
        }
        return new Report(List.copyOf(findings), List.copyOf(problems), sources.size(), bottlenecks, rewritten);
    }

    /** The Java files under the paths, sorted, each once; non-Java files are ignored. */
    static List<Path> javaFiles(List<Path> paths) throws IOException {
        Set<Path> files = new LinkedHashSet<>();
        for (Path p : paths) {
            Path path = p.normalize();
            if (Files.isDirectory(path)) {
                try (Stream<Path> walk = Files.walk(path)) {
                    walk.filter(f -> f.getFileName() != null && f.getFileName().toString().endsWith(".java")
                                    && Files.isRegularFile(f))
                            .sorted()
                            .forEach(files::add);
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
            } else if (path.getFileName() != null && path.getFileName().toString().endsWith(".java")) {
                files.add(path);
            }
        }
        return new ArrayList<>(files);
    }
}
