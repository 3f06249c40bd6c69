package dev.weft.atomic.weaver;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Command line: {@code ./weft weave [--classpath PATH] DIR|JAR...} weaves each directory of class files or
 * jar in place. Exit status 0 when done, 1 when the input was refused (each problem on its own line),
 * 2 for bad arguments.
 */
public final class WeaveMain {
    private WeaveMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        List<Path> classpath = new ArrayList<>();
        List<Path> targets = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                usage();
                return 0;
            } else if (a.equals("--classpath") || a.equals("-cp")) {
                if (i + 1 == args.length) {
                    System.err.println("weave: " + a + " needs a value");
                    return 2;
                }
                for (String e : args[++i].split(File.pathSeparator)) {
                    if (!e.isEmpty()) {
                        classpath.add(Path.of(e));
                    }
                }
            } else if (a.startsWith("-")) {
                System.err.println("weave: unknown option " + a);
                usage();
                return 2;
            } else {
                Path p = Path.of(a);
                if (!Files.isDirectory(p) && !(Files.isRegularFile(p) && a.endsWith(".jar"))) {
                    System.err.println("weave: not a directory of classes or a jar: " + a);
                    return 2;
                }
                targets.add(p);
            }
        }
        if (targets.isEmpty()) {
            usage();
            return 2;
        }
        // Every target is on the class path of the others: a subclass in one jar, its superclass in another.
        List<Path> cp = new ArrayList<>(targets);
        cp.addAll(classpath);
        Weaver w = new Weaver(cp);
        for (Path t : targets) {
            try {
                System.out.println("weave: " + t + ": " + w.weave(t));
            } catch (WeaveException e) {
                System.err.println("weave: " + t + ": refused, nothing written:");
                for (String p : e.problems()) {
                    System.err.println("  " + p);
                }
                return 1;
            } catch (Exception e) {
                System.err.println("weave: " + t + ": " + e);
                return 1;
            }
        }
        return 0;
    }

    private static void usage() {
        System.err.println("""
                Usage: ./weft weave [--classpath PATH] DIR|JAR...
                  Weaves classes that use atomic sets (@AtomicSet, @Atomic, @AliasAtomicSet) in place: each unit
                  of work gets a locked public version and an unlocked internal one. Classes already woven are
                  skipped. --classpath names where supertypes and field types of the woven classes live.""");
    }
}
