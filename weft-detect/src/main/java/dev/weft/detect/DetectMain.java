package dev.weft.detect;

import dev.weft.detect.output.SarifFormat;
import dev.weft.detect.output.TextFormat;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * {@code ./weft detect PATH... [--format text|sarif] [--fix [--source N]] [--only B1,B2,...]
 * [--baseline FILE | --write-baseline FILE]}.
 *
 * <p>Exit status: 0 when nothing is found (or everything found was fixed), 1 when findings remain, 2 for a
 * usage error (no path, a path that does not exist or is not a Java file or a directory, no Java files at all), 3
 * when nothing was found but some files could not be analysed (they do not parse, or cannot be read): the run
 * then says nothing about them, and must not pass for a clean one.
 */
public final class DetectMain {
    static final String USAGE = """
            Usage: weft detect PATH... [--format text|sarif] [--fix [--source N]] [--only B1,B2,...]
                               [--baseline FILE | --write-baseline FILE]

            Finds fork/join bottlenecks in task code of the Java files under PATH (directories are walked):
              B1 centralized pooling        B4 scattered data
              B2 copy on fork               B5 intra-task synchronization
              B3 copy on join               B6 sleepy workers
            --format text|sarif  output format (default text; sarif is SARIF 2.1.0)
            --fix                rewrite copy on fork (B2) and scattered data (B4) in place where provably safe
            --source N           the Java version rewrites must compile on (default: the build file's)
            --only B1,B2,...     look only for these bottlenecks
            --baseline FILE      do not report the findings FILE records (written by --write-baseline)
            --write-baseline FILE
                                 record the findings in FILE, to adopt the detector on a code base that has them
            Exit status: 0 nothing found, 1 findings, 2 usage error,
                         3 nothing found but some files could not be analysed.""";

    /** Exit status: some files could not be analysed, and nothing was found in the others. */
    static final int UNANALYSED = 3;

    private DetectMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command; returns its exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        String format = "text";
        boolean fix = false;
        int source = 0;
        Path baseline = null;
        Path writeBaseline = null;
        Set<Bottleneck> only = EnumSet.allOf(Bottleneck.class);
        List<Path> paths = new ArrayList<>();
        boolean options = true;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (options && a.equals("--")) {
                    options = false;
                } else if (options && (a.equals("-h") || a.equals("--help"))) {
                    out.println(USAGE);
                    return 0;
                } else if (options && (a.equals("--format") || a.startsWith("--format="))) {
                    format = a.contains("=") ? a.substring(a.indexOf('=') + 1) : value(args, ++i, a);
                    if (!format.equals("text") && !format.equals("sarif")) {
                        throw new IllegalArgumentException("unknown format '" + format + "' (text or sarif)");
                    }
                } else if (options && a.equals("--fix")) {
                    fix = true;
                } else if (options && (a.equals("--baseline") || a.startsWith("--baseline="))) {
                    baseline = Path.of(a.contains("=") ? a.substring(a.indexOf('=') + 1) : value(args, ++i, a));
                    if (!Files.isRegularFile(baseline)) {
                        throw new IllegalArgumentException("no baseline file " + baseline
                                + " (write one with --write-baseline)");
                    }
                } else if (options && (a.equals("--write-baseline") || a.startsWith("--write-baseline="))) {
                    writeBaseline = Path.of(a.contains("=") ? a.substring(a.indexOf('=') + 1) : value(args, ++i, a));
                } else if (options && (a.equals("--source") || a.startsWith("--source="))) {
                    String v = a.contains("=") ? a.substring(a.indexOf('=') + 1) : value(args, ++i, a);
                    source = version(v);
                } else if (options && (a.equals("--only") || a.startsWith("--only="))) {
                    String list = a.contains("=") ? a.substring(a.indexOf('=') + 1) : value(args, ++i, a);
                    only = EnumSet.noneOf(Bottleneck.class);
                    for (String id : list.split(",")) {
                        if (!id.isBlank()) {
                            only.add(Bottleneck.parse(id));
                        }
                    }
                    if (only.isEmpty()) {
                        throw new IllegalArgumentException("--only needs at least one of B1..B6");
                    }
                } else if (options && a.startsWith("-") && a.length() > 1) {
                    throw new IllegalArgumentException("unknown option " + a);
                } else {
                    Path p = Path.of(a);
                    if (!Files.exists(p)) {
                        throw new IllegalArgumentException("no such file or directory: " + a
                                + (Files.isSymbolicLink(p) ? " (a symbolic link to nothing)" : ""));
                    }
                    if (!Files.isDirectory(p) && !p.toString().endsWith(".java")) {
                        throw new IllegalArgumentException("not a Java file or a directory: " + a);
                    }
                    paths.add(p);
                }
            }
            if (paths.isEmpty()) {
                throw new IllegalArgumentException("no PATH given");
            }
            if (baseline != null && writeBaseline != null) {
                throw new IllegalArgumentException("--baseline and --write-baseline do not go together");
            }
        } catch (IllegalArgumentException e) {
            err.println("weft detect: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }

        Report report;
        try {
            report = new Detector(only, fix).withProgress(err::println).withSourceLevel(source).analyse(paths);
        } catch (IOException e) {
            err.println("weft detect: " + e.getMessage());
            return 2;
        }
        if (report.filesAnalysed() == 0 && report.problems().isEmpty()) {
            err.println("weft detect: no Java files under " + String.join(", ", paths.stream().map(Path::toString).toList()));
            return 2;
        }
        try {
            if (writeBaseline != null) {
                Baseline.write(writeBaseline, report);
                err.println("weft detect: wrote " + report.warnings().size() + " finding"
                        + (report.warnings().size() == 1 ? "" : "s") + " to the baseline " + writeBaseline);
                report = Baseline.read(writeBaseline).apply(report);
            } else if (baseline != null) {
                report = Baseline.read(baseline).apply(report);
            }
        } catch (IOException e) {
            err.println("weft detect: " + e.getMessage());
            return 2;
        }
        for (Problem p : report.problems()) {
            err.println(p.toText());
        }
        for (Notice n : report.notices()) {
            err.println(n.toText());
        }
        if (format.equals("sarif")) {
            SarifFormat.write(report, out);
        } else {
            TextFormat.write(report, out);
        }
        out.flush();
        if (fix && report.rewritten() > 0) {
            err.println("weft detect: rewrote " + report.rewritten() + " file" + (report.rewritten() == 1 ? "" : "s"));
        }
        if (report.hasUnfixedFindings()) {
            return 1;
        }
        if (!report.problems().isEmpty()) {
            err.println("weft detect: nothing found, but " + report.problems().size() + " of "
                    + (report.filesAnalysed() + report.problems().size()) + " files could not be analysed");
            return UNANALYSED;
        }
        return 0;
    }

    /** A Java version as {@code --source} takes it: {@code 6}, {@code 1.6}, {@code 17}. */
    private static int version(String v) {
        try {
            int n = Integer.parseInt(v.startsWith("1.") ? v.substring(2) : v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("--source needs a Java version (6, 1.6, 17), not '" + v + "'");
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }
}
