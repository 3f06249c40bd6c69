package dev.weft.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The ./weft launcher: JDK discovery, help, and clear errors (the script at the repository root). */
class LauncherTest {
    private static final Path LAUNCHER = Path.of("..", "weft").toAbsolutePath().normalize();

    record Result(int code, String out) {
    }

    private static Result run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("bash", LAUNCHER.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("JAVA_HOME");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Result(p.exitValue(), out);
    }

    @Test
    void helpListsTheSubcommands() throws Exception {
        Result r = run(Map.of(), "help");
        assertEquals(0, r.code(), r.out());
        for (String c : List.of("bench", "test", "detect", "build", "scaling-pack")) {
            assertTrue(r.out().contains("  " + c), "help does not list " + c + ":\n" + r.out());
        }
    }

    @Test
    void picksAJdkOfAtLeast21() throws Exception {
        Result r = run(Map.of(), "java");
        assertEquals(0, r.code(), r.out());
        int major = Integer.parseInt(r.out().replaceAll("(?s).*\\(Java (\\d+)\\).*", "$1"));
        assertTrue(major >= 21, r.out());
    }

    @Test
    void noSuitableJdkIsAOneLineError() throws Exception {
        Path empty = Files.createTempDirectory("no-jdks");
        Result r = run(Map.of("WEFT_JDK_SEARCH", empty.toString()), "java");
        assertEquals(2, r.code(), r.out());
        assertEquals(1, r.out().strip().lines().count(), r.out());
        assertTrue(r.out().contains("no JDK >= 21 found"), r.out());
    }

    @Test
    void javaHomeBelow21IsNotUsed() throws Exception {
        // A fake JDK 17 in JAVA_HOME and nothing else to find: the launcher must refuse, not run it.
        Path fake = Files.createTempDirectory("jdk17");
        Files.createDirectories(fake.resolve("bin"));
        for (String tool : List.of("java", "javac")) {
            Path t = fake.resolve("bin").resolve(tool);
            Files.writeString(t, "#!/bin/sh\necho 'openjdk version \"17.0.1\"' >&2\n");
            t.toFile().setExecutable(true);
        }
        Files.writeString(fake.resolve("release"), "JAVA_VERSION=\"17.0.1\"\n");
        Path empty = Files.createTempDirectory("no-jdks");
        Result r = run(Map.of("JAVA_HOME", fake.toString(), "WEFT_JDK_SEARCH", empty.toString()), "java");
        assertEquals(2, r.code(), r.out());
        assertTrue(r.out().contains("no JDK >= 21 found"), r.out());
    }

    @Test
    void scalingPackRefusesAFolderThatHoldsSomethingElse() throws Exception {
        // The pack is rebuilt in place (its lib/, peers/ and jrt/ replaced): a folder of other files is left alone.
        Path dir = Files.createTempDirectory("not-a-pack");
        Path keep = Files.writeString(dir.resolve("notes.txt"), "mine");
        Result r = run(Map.of(), "scaling-pack", dir.toString());
        assertEquals(2, r.code(), r.out());
        assertTrue(r.out().contains("is not empty and is not a scaling pack"), r.out());
        assertEquals("mine", Files.readString(keep));
        assertEquals(List.of(keep), Files.list(dir).toList());
    }

    @Test
    void unknownCommandIsAUsageError() throws Exception {
        Result r = run(Map.of(), "frobnicate");
        assertEquals(2, r.code(), r.out());
        assertTrue(r.out().contains("unknown command"), r.out());
    }
}
