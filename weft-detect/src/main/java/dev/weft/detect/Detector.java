package dev.weft.detect;

import com.github.javaparser.ast.CompilationUnit;
import dev.weft.detect.analysis.ProjectIndex;
import dev.weft.detect.analysis.Resolver;
import dev.weft.detect.analysis.SolverFallback;
import dev.weft.detect.analysis.SourceFile;
import dev.weft.detect.analysis.SourceParser;
import dev.weft.detect.analysis.SourceScan;
import dev.weft.detect.analysis.TaskCode;
import dev.weft.detect.analysis.TypeInfo;
import dev.weft.detect.analysis.Untyped;
import dev.weft.detect.fix.Fixer;
import dev.weft.detect.rules.Analysis;
import dev.weft.detect.rules.Hit;
import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

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
 * does not parse becomes a {@link Problem} and the others are still analysed. Directories are walked following
 * symbolic links (each file is analysed once, however many links lead to it).
 */
public final class Detector {
    /** Trees with at least this many files get progress lines. */
    static final int PROGRESS_THRESHOLD = 200;

    private final Set<Bottleneck> bottlenecks;
    private final boolean fix;
    private Consumer<String> progress = s -> {
    };
    private int sourceLevel;

    /**
     * @param bottlenecks which bottlenecks to look for
     * @param fix         whether to rewrite copy on fork (B2) and scattered data (B4) where provably safe
     */
    public Detector(Set<Bottleneck> bottlenecks, boolean fix) {
        this.bottlenecks = bottlenecks.isEmpty() ? EnumSet.noneOf(Bottleneck.class) : EnumSet.copyOf(bottlenecks);
        this.fix = fix;
    }

    /**
     * The Java version that {@code --fix} writes code for ({@code 6}: no diamond). By default each file's build
     * file says (Maven's {@code maven.compiler.source} or {@code release}, Gradle's {@code sourceCompatibility}).
     */
    public Detector withSourceLevel(int version) {
        this.sourceLevel = version;
        return this;
    }

    /** Where progress lines go (for trees of {@value #PROGRESS_THRESHOLD} files or more); none by default. */
    public Detector withProgress(Consumer<String> sink) {
        this.progress = sink;
        return this;
    }

    /**
     * Analyses the Java files under {@code paths} (files, or directories walked for {@code *.java}).
     *
     * @throws IOException if a path given cannot be read
     */
    public Report analyse(List<Path> paths) throws IOException {
        long start = System.nanoTime();
        Problems problems = new Problems();
        List<Path> files = javaFiles(paths, problems);
        boolean large = files.size() >= PROGRESS_THRESHOLD;
        int threads = Runtime.getRuntime().availableProcessors();
        SourceParser parser = new SourceParser(fix, threads);
        ProjectIndex index;
        if (!fix && SourceScan.available()) {
            index = scanThenParse(files, parser, threads, large, problems);
        } else {
            List<SourceFile> sources = new ArrayList<>();
            for (SourceParser.Result r : parser.parseAll(files.stream().map(SourceParser.Input::of).toList(),
                    progress(large, "parsed", files.size()))) {
                SourceFile f = parsed(r, problems);
                if (f != null) {
                    sources.add(f);
                }
            }
            index = ProjectIndex.of(sources);
        }
        Resolver resolver = new Resolver(index, new SolverFallback(index));
        if (large) {
            progress.accept("weft detect: analysing task code");
        }
        TaskCode code = TaskCode.find(resolver);
        List<Hit> hits = Analysis.run(resolver, code, bottlenecks);
        List<Notice> notices = Untyped.find(resolver).stream()
                .map(u -> new Notice(u.file(), u.line(), u.column(), u.message())).toList();

        // Positions first: a fix may take the offending node out of the tree.
        Map<CompilationUnit, Path> fileOf = new IdentityHashMap<>();
        for (SourceFile f : index.files()) {
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
            Fixer fixer = new Fixer(resolver, sourceLevel);
            fixes = fixer.fix(hits);
            rewritten = fixer.write();
        }
        List<Finding> findings = new ArrayList<>();
        for (int i = 0; i < hits.size(); i++) {
            Hit h = hits.get(i);
            findings.add(new Finding(hitFiles.get(i), lines[i], columns[i], h.bottleneck(),
                    h.note() ? Finding.Level.NOTE : Finding.Level.WARNING, h.message(), fixes.get(h)));
        }
        findings.sort(Finding.ORDER);
        if (large) {
            double seconds = (System.nanoTime() - start) / 1e9;
            progress.accept(String.format("weft detect: %d files in %.1f s (%.0f files/s); %d parsed for analysis,"
                            + " %d task bodies%s", files.size(), seconds, files.size() / seconds, index.files().size(),
                    code.bodies().size(), resolver.solverStats().map(s -> ", " + s).orElse("")));
        }
        List<Problem> sortedProblems = problems.sorted();
        return new Report(List.copyOf(findings), sortedProblems, notices,
                files.size() - problems.unparsed(), bottlenecks, rewritten, 0, resolver.unresolved());
    }

    /**
     * Syntax-checks everything with javac's fast parser and builds JavaParser trees only where task code can be:
     * files that name a fork/join API, then subclasses of the task classes found there (to a fixpoint); the
     * index parses the rest on demand, when task code calls into it.
     */
    private ProjectIndex scanThenParse(List<Path> files, SourceParser parser, int threads, boolean large,
                                       Problems problems) {
        List<SourceScan.Scanned> scanned = SourceScan.scan(files, threads, progress(large, "scanned", files.size()));
        Map<Path, SourceScan.Scanned> byPath = new HashMap<>();
        List<ProjectIndex.Declared> declared = new ArrayList<>();
        for (SourceScan.Scanned f : scanned) {
            byPath.put(f.path().toAbsolutePath().normalize(), f);
            declared.add(new ProjectIndex.Declared(f.path(), f.pkg(), f.types(), f.supers()));
            if (f.error() != null) {
                String[] e = f.error().split(":", 3);
                problems.add(new Problem(f.path(), Integer.parseInt(e[0]), Integer.parseInt(e[1]), e[2]));
            }
        }
        // The index asks for files by their absolute, normalized path.
        ProjectIndex index = new ProjectIndex(declared, path -> parsed(parser.parse(input(byPath.get(path))), problems));
        List<SourceScan.Scanned> next = scanned.stream().filter(SourceScan.Scanned::forkJoin).toList();
        Set<String> taskNames = new HashSet<>();
        Resolver resolver = new Resolver(index, null);
        while (!next.isEmpty()) {
            if (large) {
                progress.accept("weft detect: parsing " + next.size() + " files that may hold task code");
            }
            for (SourceParser.Result r : parser.parseAll(next.stream().map(Detector::input).toList(), n -> {
            })) {
                SourceFile f = parsed(r, problems);
                if (f != null) {
                    index.add(f);
                }
            }
            // Subclasses of task classes are task classes too, wherever they are declared.
            int before = taskNames.size();
            for (TypeInfo t : index.types()) {
                if (resolver.names().isTaskType(t.key())) {
                    taskNames.add(t.simpleName());
                }
            }
            Set<Path> done = new HashSet<>();
            index.files().forEach(f -> done.add(f.path()));
            next = taskNames.size() == before ? List.of() : scanned.stream()
                    .filter(f -> !done.contains(f.path()) && f.text() != null
                            && f.supers().stream().anyMatch(taskNames::contains))
                    .toList();
        }
        return index;
    }

    private IntConsumer progress(boolean large, String verb, int total) {
        int step = Math.max(1, total / 10);
        AtomicInteger shown = new AtomicInteger();
        return done -> {
            int bucket = done / step;
            if (large && done < total && shown.getAndAccumulate(bucket, Math::max) < bucket) {
                progress.accept("weft detect: " + verb + " " + done + "/" + total + " files");
            }
        };
    }

    private static SourceParser.Input input(SourceScan.Scanned f) {
        return new SourceParser.Input(f.path(), f.text(), f.charset());
    }

    private static SourceFile parsed(SourceParser.Result r, Problems problems) {
        if (r.file() == null) {
            problems.add(new Problem(r.path(), r.line(), r.column(), r.error()));
        }
        return r.file();
    }

    /** Problems found so far, at most one per file (javac's, if both parsers fail on it). */
    private static final class Problems {
        private final Map<Path, Problem> byFile = new LinkedHashMap<>();
        private int directories;

        synchronized void add(Problem p) {
            byFile.putIfAbsent(p.file(), p);
        }

        /** A directory that could not be walked: a problem, but not a Java file that failed to parse. */
        synchronized void addDirectory(Problem p) {
            if (byFile.putIfAbsent(p.file(), p) == null) {
                directories++;
            }
        }

        synchronized int unparsed() {
            return byFile.size() - directories;
        }

        synchronized List<Problem> sorted() {
            List<Problem> list = new ArrayList<>(byFile.values());
            list.sort(Comparator.comparing((Problem p) -> p.file().toString()));
            return List.copyOf(list);
        }
    }

    /** The Java files under the paths, each once; non-Java files are ignored. */
    static List<Path> javaFiles(List<Path> paths) throws IOException {
        return javaFiles(paths, new Problems());
    }

    /**
     * The Java files under the paths, sorted per path given, each once however many paths or links lead to it.
     * Symbolic links are followed (a link to a directory given as a path included); a link that leads back into
     * a directory being walked is not followed again, since the files there are reached anyway.
     */
    private static List<Path> javaFiles(List<Path> paths, Problems problems) throws IOException {
        Map<Path, Path> files = new LinkedHashMap<>();
        for (Path p : paths) {
            Path path = p.normalize();
            if (Files.isDirectory(path)) {
                List<Path> found = new ArrayList<>();
                Files.walkFileTree(path, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE,
                        new SimpleFileVisitor<>() {
                            @Override
                            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                                if (attrs.isRegularFile() && file.getFileName().toString().endsWith(".java")) {
                                    found.add(file);
                                }
                                return FileVisitResult.CONTINUE;
                            }

                            @Override
                            public FileVisitResult visitFileFailed(Path file, IOException e) {
                                if (!(e instanceof FileSystemLoopException)) {
                                    problems.addDirectory(new Problem(file, 0, 0, "cannot read: " + e.getMessage()));
                                }
                                return FileVisitResult.CONTINUE;
                            }
                        });
                found.sort(Comparator.comparing(Path::toString));
                for (Path f : found) {
                    files.putIfAbsent(realPath(f), f);
                }
            } else if (path.getFileName() != null && path.getFileName().toString().endsWith(".java")) {
                files.putIfAbsent(realPath(path), path);
            }
        }
        return new ArrayList<>(files.values());
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
