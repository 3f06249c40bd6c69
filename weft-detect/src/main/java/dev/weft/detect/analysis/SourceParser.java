package dev.weft.detect.analysis;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Problem;
import com.github.javaparser.Processor;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.validator.postprocessors.PostProcessors;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * Parses Java files in parallel, one {@link JavaParser} per thread (a parser instance is not thread-safe).
 *
 * <p>Parsing is most of the detector's time, so by default it keeps neither tokens nor comments: the analysis
 * needs only the tree and node positions. A run with {@code --fix} keeps both, because the
 * lexical-preserving printer needs them to write back everything it did not change.
 */
public final class SourceParser {
    /** The outcome for one file: a tree, or the first problem. */
    public record Result(Path path, SourceFile file, int line, int column, String error) {
    }

    /** A file to parse, with its text if already read (else null: it is read from disk). */
    public record Input(Path path, String text, Charset charset) {
        public static Input of(Path path) {
            return new Input(path, null, null);
        }
    }

    private final ThreadLocal<JavaParser> parsers = ThreadLocal.withInitial(() -> new JavaParser(configuration()));

    private final boolean preserveLayout;
    private final int threads;

    /**
     * @param preserveLayout keep tokens and comments for rewriting the files in place
     * @param threads        parser threads
     */
    public SourceParser(boolean preserveLayout, int threads) {
        this.preserveLayout = preserveLayout;
        this.threads = Math.max(1, threads);
    }

    /** Parses every file; {@code progress} receives the number done so far, from the parser threads. */
    public List<Result> parseAll(List<Input> files, IntConsumer progress) {
        AtomicInteger done = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, Math.max(1, files.size())), r -> {
            Thread t = new Thread(r, "weft-detect-parser");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Result>> futures = new ArrayList<>(files.size());
            for (Input file : files) {
                futures.add(pool.submit(() -> {
                    Result r = parse(file);
                    progress.accept(done.incrementAndGet());
                    return r;
                }));
            }
            List<Result> results = new ArrayList<>(files.size());
            for (Future<Result> f : futures) {
                results.add(f.get());
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while parsing", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("parser failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private ParserConfiguration configuration() {
        ParserConfiguration config = new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_25)
                // Tokens are needed for node positions; digest() lets go of them after parsing.
                .setStoreTokens(true)
                .setAttributeComments(preserveLayout)
                .setLexicalPreservationEnabled(preserveLayout);
        return withoutValidation(config);
    }

    /**
     * The configuration minus JavaParser's language-level validation, keeping its post-processing. The
     * validators walk the whole tree once each, which costs a third of the parse; they only report code that
     * javac would reject too, and the detector is not a compiler. The validating processor is an anonymous
     * class of ParserConfiguration: if a JavaParser version changes that, validation simply stays on.
     */
    static ParserConfiguration withoutValidation(ParserConfiguration config) {
        try {
            Field field = ParserConfiguration.LanguageLevel.class.getDeclaredField("postProcessor");
            field.setAccessible(true);
            PostProcessors postProcessors = (PostProcessors) field.get(config.getLanguageLevel());
            List<Supplier<Processor>> processors = config.getProcessors();
            for (int i = 0; i < processors.size(); i++) {
                if (processors.get(i).get().getClass().getName().equals(ParserConfiguration.class.getName() + "$2")) {
                    processors.set(i, () -> new Processor() {
                        @Override
                        public void postProcess(ParseResult<? extends Node> result, ParserConfiguration c) {
                            if (postProcessors != null) {
                                postProcessors.postProcess(result, c);
                            }
                        }
                    });
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Keep validating: slower, same results.
        }
        return config;
    }

    /**
     * One walk over a new tree: collects what the analysis needs from every file and, unless the layout is
     * kept for rewriting, keeps each node's position but lets go of the token list behind it. A tree that
     * holds all its tokens is several times larger, and on a source tree the size of the JDK's the garbage
     * collector then costs as much as the parsing.
     */
    private SourceFile digest(Path file, CompilationUnit unit, Charset charset) {
        List<TypeDeclaration<?>> types = new ArrayList<>();
        List<ObjectCreationExpr> anonymous = new ArrayList<>();
        List<MethodCallExpr> calls = new ArrayList<>();
        unit.walk(n -> {
            if (!preserveLayout) {
                var range = n.getRange().orElse(null);
                n.setTokenRange(null);
                n.setRange(range);
            }
            if (n instanceof TypeDeclaration<?> t) {
                types.add(t);
            } else if (n instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
                anonymous.add(o);
            } else if (n instanceof MethodCallExpr m && TaskCode.mayTakeTaskBodies(m)) {
                calls.add(m);
            }
        });
        return new SourceFile(file, unit, charset, List.copyOf(types), List.copyOf(anonymous), List.copyOf(calls));
    }

    /** Parses one file on the calling thread. */
    public Result parse(Input input) {
        Path file = input.path();
        String text = input.text();
        Charset charset = input.charset();
        if (text == null) {
            byte[] bytes;
            try {
                bytes = Files.readAllBytes(file);
            } catch (IOException e) {
                return new Result(file, null, 0, 0, "cannot read: " + e.getMessage());
            }
            charset = StandardCharsets.UTF_8;
            try {
                text = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes)).toString();
            } catch (CharacterCodingException e) {
                // Older sources are often Latin-1; every byte sequence decodes in it, and writes back unchanged.
                charset = StandardCharsets.ISO_8859_1;
                text = new String(bytes, charset);
            }
        }
        JavaParser parser = parsers.get();
        ParseResult<CompilationUnit> result;
        try {
            result = parser.parse(text);
        } catch (RuntimeException e) {
            return new Result(file, null, 0, 0, "parser crashed: " + e);
        }
        if (result.isSuccessful() && result.getResult().isPresent()) {
            CompilationUnit unit = result.getResult().get();
            unit.setStorage(file, charset);
            return new Result(file, digest(file, unit, charset), 0, 0, null);
        }
        Problem first = result.getProblems().isEmpty() ? null : result.getProblems().get(0);
        int line = 0;
        int column = 0;
        String message = "does not parse";
        if (first != null) {
            message = first.getMessage().lines().findFirst().orElse(message);
            var range = first.getLocation().flatMap(l -> l.getBegin().getRange());
            if (range.isPresent()) {
                line = range.get().begin.line;
                column = range.get().begin.column;
            }
        }
        return new Result(file, null, line, column, message);
    }
}
