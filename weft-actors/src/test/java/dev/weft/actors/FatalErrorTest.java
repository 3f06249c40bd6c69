package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Real heap exhaustion (PROTOCOL.md, "Fatal errors"), in a child JVM with a 96 MB heap so that this JVM is
 * not touched: a handler that allocates until the heap is gone shuts its system down; an ask that was
 * waiting fails instead of hanging, so does one made afterwards, and the next system works. Three rounds,
 * since where the OutOfMemoryError lands varies from run to run.
 */
class FatalErrorTest {
    @Test
    void heapExhaustionInAHandlerShutsTheSystemDownAndHangsNoWaiter() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx96m", "-XX:+UseSerialGC", "-Xshare:off",
                "-cp", System.getProperty("java.class.path"), HeapExhaustion.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out;
        boolean exited = p.waitFor(5, TimeUnit.MINUTES);
        if (!exited) {
            p.destroyForcibly();
        }
        out = p.getInputStream().readAllBytes();
        String text = new String(out, StandardCharsets.UTF_8);
        assertTrue(exited, "the program hung:\n" + text);
        assertEquals(0, p.exitValue(), text);
        for (int round = 1; round <= 3; round++) {
            assertTrue(text.contains("round " + round + ": waiting ask TimeoutException"), text);
            assertTrue(text.contains("round " + round + ": listener heard OutOfMemoryError, closed true"), text);
            assertTrue(text.contains("round " + round + ": late ask TimeoutException"), text);
        }
        assertTrue(text.contains("done"), text);
    }
}
