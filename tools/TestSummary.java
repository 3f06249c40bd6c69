import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * {@code ./weft test}'s summary: reads the Surefire XML reports of every module under the given root (and
 * of the example projects) and prints one line per module, a total line ({@code 212 passed, 0 failed,
 * 3 skipped}) and, for each failed test, its name and the first lines of its cause. Exits 1 if a test
 * failed. Run as a single-file program ({@code java TestSummary.java ROOT}): it needs no build.
 */
public final class TestSummary {
    private static final int CAUSE_LINES = 4;

    record Failure(String module, String test, String cause) {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        List<Path> reportDirs;
        try (Stream<Path> s = Files.walk(root, 5)) {
            reportDirs = s.filter(p -> p.endsWith(Path.of("target", "surefire-reports")) && Files.isDirectory(p))
                    .filter(p -> !p.toString().contains("/.git/"))
                    .sorted().toList();
        }
        long passed = 0;
        long failed = 0;
        long skipped = 0;
        List<Failure> failures = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        for (Path dir : reportDirs) {
            String module = root.relativize(dir.getParent().getParent()).toString();
            long[] c = new long[3];
            List<Path> reports;
            try (Stream<Path> s = Files.list(dir)) {
                reports = s.filter(p -> p.getFileName().toString().startsWith("TEST-")
                        && p.getFileName().toString().endsWith(".xml")).sorted().toList();
            }
            for (Path xml : reports) {
                read(module, xml, c, failures);
            }
            if (reports.isEmpty()) {
                continue;
            }
            lines.add(String.format(Locale.ROOT, "  %-28s %s", module, counts(c[0], c[1], c[2])));
            passed += c[0];
            failed += c[1];
            skipped += c[2];
        }
        if (!failures.isEmpty()) {
            System.out.println();
            System.out.println("Failed tests:");
            for (Failure f : failures) {
                System.out.println("  " + f.module() + ": " + f.test());
                for (String l : f.cause().lines().limit(CAUSE_LINES).toList()) {
                    System.out.println("      " + l);
                }
            }
        }
        System.out.println();
        if (lines.isEmpty()) {
            System.out.println("weft test: no test reports found (the build failed before any test ran)");
            System.exit(1);
        }
        System.out.println("Tests by module:");
        lines.forEach(System.out::println);
        System.out.println(counts(passed, failed, skipped));
        System.exit(failed > 0 ? 1 : 0);
    }

    private static String counts(long passed, long failed, long skipped) {
        return passed + " passed, " + failed + " failed, " + skipped + " skipped";
    }

    private static void read(String module, Path xml, long[] c, List<Failure> failures) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document d = f.newDocumentBuilder().parse(xml.toFile());
        NodeList cases = d.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            Element tc = (Element) cases.item(i);
            String name = tc.getAttribute("classname") + "." + tc.getAttribute("name");
            Element bad = child(tc, "failure");
            if (bad == null) {
                bad = child(tc, "error");
            }
            if (bad != null) {
                c[1]++;
                String msg = bad.getAttribute("message");
                String type = bad.getAttribute("type");
                String body = bad.getTextContent().strip();
                String cause = body.isEmpty() ? (type + (msg.isEmpty() ? "" : ": " + msg)) : body;
                failures.add(new Failure(module, name, cause));
            } else if (child(tc, "skipped") != null) {
                c[2]++;
            } else {
                c[0]++;
            }
        }
    }

    private static Element child(Element e, String tag) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element x && x.getTagName().equals(tag)) {
                return x;
            }
        }
        return null;
    }
}
