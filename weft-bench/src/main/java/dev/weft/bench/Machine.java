package dev.weft.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Where the benchmark ran: a one-line description for the console and the facts for the report. */
final class Machine {
    private Machine() {
    }

    static String describe() {
        return Runtime.getRuntime().availableProcessors() + " processors, Java " + Runtime.version() + " ("
                + System.getProperty("java.vm.name") + "), " + System.getProperty("os.arch") + ", "
                + (Runtime.getRuntime().maxMemory() >> 20) + " MiB max heap, " + java.time.LocalDate.now();
    }

    /** Labelled facts about this JVM and machine, in display order. */
    static Map<String, String> facts() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("Processors", Integer.toString(Runtime.getRuntime().availableProcessors()));
        String cpu = cpuModel();
        if (cpu != null) {
            m.put("CPU", cpu);
        }
        m.put("JDK", "Java " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ", "
                + System.getProperty("java.vm.vendor") + ")");
        m.put("OS", System.getProperty("os.name") + " " + System.getProperty("os.version") + ", "
                + System.getProperty("os.arch"));
        m.put("Max heap", (Runtime.getRuntime().maxMemory() >> 20) + " MiB");
        List<String> jvmArgs = ManagementFactory.getRuntimeMXBean().getInputArguments();
        m.put("JVM options", jvmArgs.isEmpty() ? "(none)" : String.join(" ", jvmArgs));
        m.put("Date", ZonedDateTime.now().truncatedTo(ChronoUnit.SECONDS).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        return m;
    }

    /** The CPU's model name on Linux; null where /proc/cpuinfo is absent or says nothing useful. */
    private static String cpuModel() {
        Path info = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(info)) {
            return null;
        }
        try (var lines = Files.lines(info)) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .filter(s -> !s.isEmpty()).findFirst().orElse(null);
        } catch (IOException | java.io.UncheckedIOException e) {
            return null;
        }
    }
}
