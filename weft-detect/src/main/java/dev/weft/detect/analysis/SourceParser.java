package dev.weft.detect.analysis;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Problem;
import com.github.javaparser.ast.CompilationUnit;
import java.io.IOException;
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
    public List<Result> parseAll(List<Path> files, IntConsumer progress) {
        ThreadLocal<JavaParser> parsers = ThreadLocal.withInitial(() -> new JavaParser(configuration()));
        AtomicInteger done = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, Math.max(1, files.size())), r -> {
            Thread t = new Thread(r, "weft-detect-parser");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Result>> futures = new ArrayList<>(files.size());
            for (Path file : files) {
                futures.add(pool.submit(() -> {
                    Result r = parse(parsers.get(), file);
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
        return new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_25)
                // Tokens are needed for node positions; dropTokens() lets go of them after parsing.
                .setStoreTokens(true)
                .setAttributeComments(preserveLayout)
                .setLexicalPreservationEnabled(preserveLayout);
    }

    /**
     * Keeps each node's position but lets go of the token list behind it. Positions need tokens while parsing,
     * but a parsed tree that holds all its tokens is several times larger, and on a tree the size of the JDK's
     * the garbage collector then costs as much as the parsing.
     */
    private static void dropTokens(CompilationUnit unit) {
        unit.walk(n -> {
            var range = n.getRange().orElse(null);
            n.setTokenRange(null);
            n.setRange(range);
        });
    }

    private Result parse(JavaParser parser, Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            return new Result(file, null, 0, 0, "cannot read: " + e.getMessage());
        }
        Charset charset = StandardCharsets.UTF_8;
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            // Older sources are often Latin-1; every byte sequence decodes in it, and writes back unchanged.
            charset = StandardCharsets.ISO_8859_1;
            text = new String(bytes, charset);
        }
        ParseResult<CompilationUnit> result;
        try {
            result = parser.parse(text);
        } catch (RuntimeException e) {
            return new Result(file, null, 0, 0, "parser crashed: " + e);
        }
        if (result.isSuccessful() && result.getResult().isPresent()) {
            CompilationUnit unit = result.getResult().get();
            unit.setStorage(file, charset);
            if (!preserveLayout) {
                dropTokens(unit);
            }
            return new Result(file, new SourceFile(file, result.getResult().get(), charset), 0, 0, null);
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
