package dev.weft.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXParseException;

/**
 * The HTML report on made-up measurements: it must parse as XML, every chart must be namespaced SVG
 * with marks and finite coordinates, and the tables must carry the same numbers as the CSV.
 */
class ReportTest {
    static final String XHTML = "http://www.w3.org/1999/xhtml";
    static final String SVG = "http://www.w3.org/2000/svg";
    static final Pattern BAD_NUMBER = Pattern.compile("NaN|Infinity");

    @TempDir
    Path dir;

    // ---------------------------------------------------------------------------------------------
    // Made-up measurements

    static Program program(String name) {
        return new Program() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return "made-up " + name;
            }

            @Override
            public Workload create(boolean quick) {
                throw new UnsupportedOperationException("a test program has no workload");
            }
        };
    }

    /** Five samples around {@code ms}: the median is exactly {@code ms}. */
    static List<Sample> samples(double ms, long steals, long tasks) {
        List<Sample> out = new ArrayList<>();
        for (double f : new double[] {1.2, 0.9, 1.0, 1.1, 1.0}) {
            long nanos = Math.round(ms * f * 1e6);
            out.add(new Sample(nanos, nanos * 2, nanos / 100, tasks * 24, steals, tasks, steals + steals / 10,
                    steals / 10, nanos / 20, nanos / 1000, tasks > 0, 0, -1, -1, -1));
        }
        return out;
    }

    /**
     * A program measured at the given worker counts: serial {@code serialMs}; Weft at P workers takes
     * {@code weft1 / P^0.9}, ForkJoinPool {@code fjp1 / P^0.9} (NaN: not measured).
     */
    static Tables.ProgramSummary summary(String name, String label, double serialMs, double weft1, double fjp1,
                                         long stealsPerWorker, int... workers) {
        Map<Runner.Config, List<Sample>> m = new LinkedHashMap<>();
        long tasks = 1_000_000;
        if (!Double.isNaN(serialMs)) {
            m.put(new Runner.Config(Engine.SERIAL, 1), samples(serialMs, 0, 0));
        }
        for (int p : workers) {
            double scale = Math.pow(p, 0.9);
            if (!Double.isNaN(fjp1)) {
                m.put(new Runner.Config(Engine.FJP, p), samples(fjp1 / scale, (p - 1) * stealsPerWorker * 3, 0));
            }
            if (!Double.isNaN(weft1)) {
                m.put(new Runner.Config(Engine.WEFT, p), samples(weft1 / scale, (p - 1) * stealsPerWorker, tasks));
            }
        }
        return Tables.summarize(new Runner.ProgramResult(program(name), label, m, Double.isNaN(weft1) ? 0 : tasks));
    }

    static List<Tables.ProgramSummary> suite(int... workers) {
        return List.of(
                summary("fib", "fib(35)", 10, 13, 200, 40, workers),
                summary("integrate", "integrate(<0 & 1000>)", 20, 22, 140, 7, workers),
                summary("nqueens", "nqueens(12)", 50, 51, 60, 0, workers));
    }

    static Options options(String... args) {
        return Options.parse(args);
    }

    // ---------------------------------------------------------------------------------------------
    // Parsing

    /** Parses the report as namespace-aware XML; fails on any well-formedness error; fetches nothing. */
    static Document parse(Path file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setValidating(false);
        f.setExpandEntityReferences(false);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        DocumentBuilder b = f.newDocumentBuilder();
        b.setEntityResolver((publicId, systemId) -> {
            throw new IOException("the report must not need external entities: " + systemId);
        });
        b.setErrorHandler(new ErrorHandler() {
            @Override
            public void warning(SAXParseException e) {
            }

            @Override
            public void error(SAXParseException e) throws SAXParseException {
                throw e;
            }

            @Override
            public void fatalError(SAXParseException e) throws SAXParseException {
                throw e;
            }
        });
        try (InputStream in = Files.newInputStream(file)) {
            return b.parse(in);
        }
    }

    Document write(List<Tables.ProgramSummary> all, Options o) throws Exception {
        Path file = Report.write(dir.resolve("rep"), all, o);
        assertEquals(dir.resolve("rep").resolve("report.html"), file);
        String text = Files.readString(file);
        assertTrue(text.startsWith("<!DOCTYPE html>\n<html xmlns=\"" + XHTML + "\""), text.substring(0, 80));
        assertFalse(text.contains("<script"), "no scripts");
        assertFalse(Pattern.compile("(src|href)=\"(https?:)?//").matcher(text).find(), "nothing fetched when viewed");
        Document d = parse(file);
        assertEquals(XHTML, d.getDocumentElement().getNamespaceURI());
        assertEquals("html", d.getDocumentElement().getLocalName());
        checkSvgs(d);
        return d;
    }

    /** Every chart: SVG namespace, a finite viewBox, a mark, and no NaN or infinity in any attribute. */
    static List<Element> checkSvgs(Document d) {
        assertEquals(0, d.getElementsByTagNameNS(XHTML, "svg").getLength(), "svg elements must be in the SVG namespace");
        NodeList svgs = d.getElementsByTagNameNS("*", "svg");
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < svgs.getLength(); i++) {
            Element svg = (Element) svgs.item(i);
            assertEquals(SVG, svg.getNamespaceURI());
            String[] vb = svg.getAttribute("viewBox").trim().split("\\s+");
            assertEquals(4, vb.length, "viewBox of chart " + i);
            for (String v : vb) {
                assertTrue(Double.isFinite(Double.parseDouble(v)), "viewBox " + svg.getAttribute("viewBox"));
            }
            assertTrue(Double.parseDouble(vb[2]) > 0 && Double.parseDouble(vb[3]) > 0);
            assertFalse(title(svg).isBlank(), "chart " + i + " has a title");
            int marks = 0;
            for (String tag : List.of("rect", "path", "polyline", "circle")) {
                NodeList ns = svg.getElementsByTagNameNS(SVG, tag);
                for (int j = 0; j < ns.getLength(); j++) {
                    if (((Element) ns.item(j)).getAttribute("class").contains("mark")) {
                        marks++;
                    }
                }
            }
            assertTrue(marks > 0, "chart '" + title(svg) + "' has no data marks");
            checkAttributes(svg, title(svg));
            assertTrue(svg.getElementsByTagNameNS(SVG, "text").getLength() >= 3, "titles, labels and ticks are text");
            out.add(svg);
        }
        return out;
    }

    private static void checkAttributes(Element e, String chart) {
        NamedNodeMap attrs = e.getAttributes();
        for (int i = 0; i < attrs.getLength(); i++) {
            Node a = attrs.item(i);
            assertFalse(BAD_NUMBER.matcher(a.getNodeValue()).find(),
                    chart + ": <" + e.getLocalName() + " " + a.getNodeName() + "=\"" + a.getNodeValue() + "\">");
        }
        for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element ce) {
                checkAttributes(ce, chart);
            }
        }
    }

    static String title(Element svg) {
        NodeList t = svg.getElementsByTagNameNS(SVG, "title");
        return t.getLength() == 0 ? "" : t.item(0).getTextContent();
    }

    static List<String> chartTitles(Document d) {
        return checkSvgs(d).stream().map(ReportTest::title).toList();
    }

    static Element byId(Document d, String id) {
        NodeList all = d.getElementsByTagNameNS("*", "*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (id.equals(e.getAttribute("id"))) {
                return e;
            }
        }
        fail("no element with id " + id);
        return null;
    }

    /** The cell texts of a table's body rows. */
    static List<List<String>> rows(Element table) {
        List<List<String>> out = new ArrayList<>();
        NodeList bodies = table.getElementsByTagNameNS(XHTML, "tbody");
        for (int b = 0; b < bodies.getLength(); b++) {
            NodeList trs = ((Element) bodies.item(b)).getElementsByTagNameNS(XHTML, "tr");
            for (int i = 0; i < trs.getLength(); i++) {
                List<String> cells = new ArrayList<>();
                NodeList tds = ((Element) trs.item(i)).getElementsByTagNameNS(XHTML, "td");
                for (int j = 0; j < tds.getLength(); j++) {
                    cells.add(tds.item(j).getTextContent());
                }
                out.add(cells);
            }
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------------
    // Tests

    @Test
    void aRunWritesItsReportByDefault() {
        Path reports = Path.of("reports");
        java.time.LocalDateTime at = java.time.LocalDateTime.of(2026, 5, 1, 12, 30, 5, 123_000_000);
        assertEquals(reports.resolve("2026-05-01T12-30-05"), options("--quick").reportDir(reports, at));
        assertEquals(Path.of("mine"), options("--quick", "--report", "mine").reportDir(reports, at));
        assertEquals(null, options("--quick", "--no-report").reportDir(reports, at));
        // A child JVM of --forks hands its samples to its parent, which writes the one report.
        assertEquals(null, options("--samples-out", "s.csv").reportDir(reports, at));
    }

    @Test
    void fullReportIsWellFormedWithEveryChart() throws Exception {
        List<Tables.ProgramSummary> all = suite(1, 2, 4);
        Document d = write(all, options("--quick", "--workers", "1,2,4", "--reps", "5"));
        List<String> titles = chartTitles(d);
        assertTrue(titles.stream().anyMatch(t -> t.startsWith("Sequential overhead")), titles.toString());
        assertTrue(titles.stream().anyMatch(t -> t.startsWith("Steal ratio")), titles.toString());
        assertTrue(titles.stream().anyMatch(t -> t.startsWith("Steal rate, Weft")), titles.toString());
        assertTrue(titles.stream().anyMatch(t -> t.startsWith("Steal rate, ForkJoinPool")), titles.toString());
        for (Tables.ProgramSummary ps : all) {
            assertTrue(titles.contains(ps.result().label()), "a speedup chart for " + ps.result().label());
        }
        assertEquals(4 + all.size(), titles.size(), titles.toString());
        String text = d.getDocumentElement().getTextContent();
        assertTrue(text.contains("integrate(<0 & 1000>)"), "labels are escaped, not lost");
        assertTrue(text.contains("Processors") && text.contains("Max heap") && text.contains("JDK"), "machine facts");
        assertTrue(text.contains("quick (--quick)"), "options");
    }

    @Test
    void overheadTableAndGeomeanCarryTheRatios() throws Exception {
        List<Tables.ProgramSummary> all = suite(1, 2);
        Document d = write(all, options("--workers", "1,2"));
        List<List<String>> rows = rows(byId(d, "overhead-table"));
        // fib: serial 10 ms, Weft 13 ms, ForkJoinPool 200 ms at one worker.
        assertEquals(List.of("fib", "10.00", "200.00", "20.000", "13.00", "1.300"), rows.get(0));
        double gw = Math.cbrt(1.3 * 1.1 * 1.02);
        double gf = Math.cbrt(20 * 7 * 1.2);
        assertEquals(String.format(Locale.ROOT, "%.3f", gw), byId(d, "geomean-weft").getTextContent());
        assertEquals(String.format(Locale.ROOT, "%.3f", gf), byId(d, "geomean-fjp").getTextContent());
        // The chart shows the geomean as its own group, labelled with the value.
        Element chart = checkSvgs(d).get(0);
        assertTrue(title(chart).startsWith("Sequential overhead"));
        assertTrue(chart.getTextContent().contains("geomean"));
        assertTrue(chart.getTextContent().contains(Svg.value(gw)), Svg.value(gw));
        assertTrue(chart.getTextContent().contains("20"), "fjp's fib bar is labelled");
    }

    @Test
    void dataTableHasTheCsvCells() throws Exception {
        List<Tables.ProgramSummary> all = suite(1, 2, 4);
        Document d = write(all, options("--workers", "1,2,4"));
        List<List<String>> expected = new ArrayList<>();
        for (Tables.ProgramSummary ps : all) {
            expected.addAll(Tables.csvCells(ps));
        }
        List<List<String>> rows = rows(byId(d, "data-table"));
        assertEquals(expected, rows);
        assertEquals(Tables.CSV_HEADER.split(",").length, rows.get(0).size());
        // weft at 2 workers on fib: 13 / 2^0.9 ms over 10 ms serial.
        List<String> fibWeft2 = rows.stream().filter(r -> r.get(0).equals("fib") && r.get(1).equals("weft")
                && r.get(2).equals("2")).findFirst().orElseThrow();
        assertEquals(13 / Math.pow(2, 0.9) / 10, Double.parseDouble(fibWeft2.get(5)), 1e-5);
    }

    @Test
    void singleWorkerCount() throws Exception {
        List<Tables.ProgramSummary> all = suite(1);
        Document d = write(all, options("--workers", "1"));
        List<String> titles = chartTitles(d);
        assertTrue(titles.stream().anyMatch(t -> t.startsWith("Sequential overhead")));
        assertTrue(titles.contains("fib(35)"), "one-point speedup charts still show their point");
        assertTrue(d.getDocumentElement().getTextContent().contains("nothing could be stolen"));
    }

    @Test
    void withoutForkJoinPool() throws Exception {
        List<Tables.ProgramSummary> all = List.of(
                summary("fib", "fib(35)", 10, 13, Double.NaN, 40, 1, 2),
                summary("nqueens", "nqueens(12)", 50, 51, Double.NaN, 3, 1, 2));
        Document d = write(all, options("--runtimes", "serial,weft", "--workers", "1,2"));
        List<String> titles = chartTitles(d);
        assertFalse(titles.stream().anyMatch(t -> t.contains("ForkJoinPool")), titles.toString());
        for (Element svg : checkSvgs(d)) {
            assertFalse(svg.getTextContent().contains("ForkJoinPool"), "no ForkJoinPool legend in " + title(svg));
        }
        assertEquals("–", byId(d, "geomean-fjp").getTextContent());
        assertEquals(List.of("fib", "10.00", "–", "–", "13.00", "1.300"), rows(byId(d, "overhead-table")).get(0));
    }

    @Test
    void zeroStealsOnALogScale() throws Exception {
        List<Tables.ProgramSummary> all = List.of(
                summary("fib", "fib(35)", 10, 13, 200, 0, 1, 2, 4),
                summary("nqueens", "nqueens(12)", 50, 51, 60, 0, 1, 2, 4));
        Document d = write(all, options("--workers", "1,2,4"));
        Element ratio = checkSvgs(d).stream().filter(s -> title(s).startsWith("Steal ratio")).findFirst().orElseThrow();
        NodeList circles = ratio.getElementsByTagNameNS(SVG, "circle");
        assertEquals(4, circles.getLength(), "two programs at two worker counts, all zero");
        assertTrue(((Element) circles.item(0)).getAttribute("class").contains("zero"));
    }

    @Test
    void someStealsZeroOthersNot() throws Exception {
        Document d = write(suite(1, 2, 4), options("--workers", "1,2,4"));
        Element ratio = checkSvgs(d).stream().filter(s -> title(s).startsWith("Steal ratio")).findFirst().orElseThrow();
        assertEquals(2, ratio.getElementsByTagNameNS(SVG, "circle").getLength(), "nqueens' zeros at 2 and 4 workers");
        assertTrue(ratio.getElementsByTagNameNS(SVG, "rect").getLength() >= 4, "fib's and integrate's bars");
    }

    @Test
    void withoutSerialRuns() throws Exception {
        List<Tables.ProgramSummary> all = List.of(summary("fib", "fib(35)", Double.NaN, 13, 200, 40, 1, 2));
        Document d = write(all, options("--runtimes", "fjp,weft", "--workers", "1,2"));
        List<String> titles = chartTitles(d);
        assertFalse(titles.stream().anyMatch(t -> t.startsWith("Sequential overhead")), titles.toString());
        assertTrue(titles.stream().anyMatch(t -> t.startsWith("Steal ratio")), titles.toString());
        assertTrue(d.getDocumentElement().getTextContent().contains("No sequential overhead"));
    }

    @Test
    void emptyRun() throws Exception {
        Document d = write(List.of(), options());
        assertTrue(chartTitles(d).isEmpty());
    }

    @Test
    void svgRefusesNonFiniteCoordinates() {
        assertThrows(IllegalArgumentException.class, () -> Svg.num(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Svg.num(Double.POSITIVE_INFINITY));
        assertEquals("12.5", Svg.num(12.5));
        assertEquals("0", Svg.num(-0.001));
    }

    @Test
    void scalesHaveReadableTicks() {
        Svg.Log log = Svg.Log.around(1.0, 21, 300, 0);
        assertEquals(List.of(0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0), log.ticks());
        assertEquals("0.5", log.label(0.5));
        assertEquals(300, log.px(0.5), 1e-9);
        assertEquals(0, log.px(50), 1e-9);
        Svg.Log wide = Svg.Log.around(2e-6, 0.03, 300, 0);
        assertEquals("1e-6", wide.label(wide.ticks().get(0)));
        Svg.Linear lin = Svg.Linear.nice(0, 17, 200, 0, 4);
        assertEquals(List.of(0.0, 5.0, 10.0, 15.0, 20.0), lin.ticks());
        assertEquals("2.5", Svg.Linear.nice(0, 9, 100, 0, 4).label(2.5));
        assertEquals("1.31", Svg.value(1.3123));
        assertEquals("1230", Svg.value(1234.5));
        assertEquals("–", Svg.value(Double.NaN));
    }
}
