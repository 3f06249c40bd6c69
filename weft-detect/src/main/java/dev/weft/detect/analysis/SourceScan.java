package dev.weft.detect.analysis;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParameterizedTypeTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreeScanner;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticListener;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/**
 * The first, cheap pass over every file: javac's parser (no attribution) checks the syntax and tells which
 * top-level types each file declares and which classes its classes extend; a text search tells whether it
 * mentions a fork/join API at all.
 *
 * <p>javac parses four to five times faster than JavaParser. So every file is syntax-checked (a file that does
 * not parse is reported whatever it holds), but JavaParser's richer tree, which the analysis and the
 * rewrites need, is built only for the files that can hold task code, and later on demand for files that task
 * code calls into ({@link ProjectIndex}). On the JDK's java.base that is a tenth of the files.
 */
public final class SourceScan {
    /** Words that put a file among the candidates for task code: the fork/join APIs it would have to name. */
    private static final Pattern FORK_JOIN = Pattern.compile(
            "ForkJoin|RecursiveTask|RecursiveAction|CountedCompleter|dev\\.weft|Weft");

    /**
     * What the scan learned about one file.
     *
     * @param path      the file
     * @param text      its content
     * @param charset   the charset it decoded with (UTF-8, else ISO-8859-1)
     * @param pkg       its package ("" for the unnamed one)
     * @param types     the simple names of its top-level types
     * @param supers    simple names of the types its classes extend or implement, or anonymous classes instantiate
     * @param forkJoin  whether it mentions a fork/join API
     * @param error     the first syntax error ("line:column:message"), or null
     */
    public record Scanned(Path path, String text, Charset charset, String pkg, List<String> types,
                          Set<String> supers, boolean forkJoin, String error) {
    }

    private SourceScan() {
    }

    /** Whether javac's parser is available (it is in every JDK; not in a bare JRE). */
    public static boolean available() {
        return ToolProvider.getSystemJavaCompiler() != null;
    }

    /** Scans the files on {@code threads} threads; {@code progress} gets the number done so far. */
    public static List<Scanned> scan(List<Path> files, int threads, IntConsumer progress) {
        int n = Math.max(1, Math.min(threads, files.size()));
        ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, "weft-detect-scan");
            t.setDaemon(true);
            return t;
        });
        try {
            // Batches, so that one javac task (and its set-up) serves many files.
            int batch = Math.max(1, Math.min(200, (files.size() + n - 1) / n));
            List<Future<List<Scanned>>> futures = new ArrayList<>();
            java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
            for (int from = 0; from < files.size(); from += batch) {
                List<Path> part = files.subList(from, Math.min(files.size(), from + batch));
                futures.add(pool.submit(() -> {
                    List<Scanned> r = scanBatch(part);
                    progress.accept(done.addAndGet(part.size()));
                    return r;
                }));
            }
            List<Scanned> result = new ArrayList<>(files.size());
            for (Future<List<Scanned>> f : futures) {
                result.addAll(f.get());
            }
            return result;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while scanning", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("scan failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<Scanned> scanBatch(List<Path> files) {
        List<Scanned> result = new ArrayList<>();
        Map<URI, Integer> index = new HashMap<>();
        List<JavaFileObject> units = new ArrayList<>();
        String[] texts = new String[files.size()];
        Charset[] charsets = new Charset[files.size()];
        String[] errors = new String[files.size()];
        for (int i = 0; i < files.size(); i++) {
            Path p = files.get(i);
            try {
                byte[] bytes = Files.readAllBytes(p);
                charsets[i] = StandardCharsets.UTF_8;
                try {
                    texts[i] = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                            .decode(ByteBuffer.wrap(bytes)).toString();
                } catch (CharacterCodingException e) {
                    // Older sources are often Latin-1; every byte decodes in it, and writes back unchanged.
                    charsets[i] = StandardCharsets.ISO_8859_1;
                    texts[i] = new String(bytes, StandardCharsets.ISO_8859_1);
                }
            } catch (IOException e) {
                errors[i] = "0:0:cannot read: " + e.getMessage();
                continue;
            }
            String text = texts[i];
            JavaFileObject unit = new SimpleJavaFileObject(URI.create("scan:///" + i + ".java"),
                    JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return text;
                }
            };
            index.put(unit.toUri(), i);
            units.add(unit);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticListener<JavaFileObject> listener = d -> {
            Integer i = d.getSource() == null ? null : index.get(d.getSource().toUri());
            if (i != null && d.getKind() == Diagnostic.Kind.ERROR && errors[i] == null) {
                errors[i] = d.getLineNumber() + ":" + d.getColumnNumber() + ":" + d.getMessage(null).lines().findFirst().orElse("");
            }
        };
        Map<Integer, CompilationUnitTree> trees = new HashMap<>();
        if (!units.isEmpty()) {
            JavacTask task = (JavacTask) javac.getTask(null, null, listener,
                    List.of("-proc:none", "--enable-preview", "--release", String.valueOf(Runtime.version().feature())),
                    null, units);
            try {
                for (CompilationUnitTree cu : task.parse()) {
                    // javac wraps the file objects it is given: match them by URI.
                    Integer i = index.get(cu.getSourceFile().toUri());
                    if (i != null) {
                        trees.put(i, cu);
                    }
                }
            } catch (IOException | RuntimeException e) {
                for (int i = 0; i < files.size(); i++) {
                    if (errors[i] == null && texts[i] != null) {
                        errors[i] = "0:0:javac failed: " + e;
                    }
                }
            }
        }
        for (int i = 0; i < files.size(); i++) {
            CompilationUnitTree cu = trees.get(i);
            String pkg = cu == null || cu.getPackageName() == null ? "" : cu.getPackageName().toString();
            List<String> types = new ArrayList<>();
            Set<String> supers = new HashSet<>();
            if (cu != null) {
                for (Tree t : cu.getTypeDecls()) {
                    if (t instanceof ClassTree c && !c.getSimpleName().isEmpty()) {
                        types.add(c.getSimpleName().toString());
                    }
                }
                new TreeScanner<Void, Void>() {
                    @Override
                    public Void visitClass(ClassTree c, Void v) {
                        if (c.getExtendsClause() != null) {
                            supers.add(simpleName(c.getExtendsClause()));
                        }
                        for (Tree i : c.getImplementsClause()) {
                            supers.add(simpleName(i));
                        }
                        return super.visitClass(c, v);
                    }

                    @Override
                    public Void visitNewClass(NewClassTree n, Void v) {
                        if (n.getClassBody() != null) {
                            supers.add(simpleName(n.getIdentifier()));
                        }
                        return super.visitNewClass(n, v);
                    }
                }.scan(cu, null);
            }
            boolean forkJoin = texts[i] != null && FORK_JOIN.matcher(texts[i]).find();
            result.add(new Scanned(files.get(i), texts[i], charsets[i], pkg, types, supers, forkJoin, errors[i]));
        }
        return result;
    }

    private static String simpleName(Tree t) {
        if (t instanceof ParameterizedTypeTree p) {
            return simpleName(p.getType());
        }
        if (t instanceof MemberSelectTree m) {
            return m.getIdentifier().toString();
        }
        if (t instanceof IdentifierTree id) {
            return id.getName().toString();
        }
        return t instanceof ExpressionTree ? t.toString() : "";
    }
}
