package dev.weft.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The ./weft launcher: JDK discovery, help without a JDK, the checked Maven download, and clear errors (the
 * script at the repository root).
 */
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

    /**
     * A folder of links to the named tools, found on this JVM's PATH: used as the whole PATH, it holds no
     * java, javac or mvn, as on a machine without them.
     */
    private static Path toolsOnly(String... tools) throws IOException {
        Path bin = Files.createTempDirectory("tools-only");
        for (String tool : tools) {
            Path found = null;
            for (String d : System.getenv("PATH").split(java.io.File.pathSeparator)) {
                Path c = Path.of(d, tool);
                if (Files.isExecutable(c)) {
                    found = c;
                    break;
                }
            }
            assertTrue(found != null, tool + " is not on the PATH of this test");
            Files.createSymbolicLink(bin.resolve(tool), found.toRealPath());
        }
        return bin;
    }

    @Test
    void helpNeedsNoJdk() throws Exception {
        // No java on the PATH, no JAVA_HOME, nothing to find under HOME or the search folders.
        Path bin = toolsOnly("bash", "env", "dirname", "cat", "sed", "head");
        Path home = Files.createTempDirectory("home");
        Map<String, String> noJdk = Map.of("PATH", bin.toString(), "HOME", home.toString(),
                "WEFT_JDK_SEARCH", home.toString());
        for (String[] args : List.of(new String[] {"help"}, new String[] {"-h"}, new String[] {"--help"}, new String[0])) {
            Result r = run(noJdk, args);
            assertEquals(0, r.code(), List.of(args) + ": " + r.out());
            assertTrue(r.out().startsWith("Usage: ./weft <command>"), List.of(args) + ": " + r.out());
        }
        // The same environment does lack a JDK: a command that needs one says so.
        Result java = run(noJdk, "java");
        assertEquals(2, java.code(), java.out());
        assertTrue(java.out().contains("no JDK >= 21 found"), java.out());
    }

    @Test
    void aMavenDownloadThatDoesNotMatchThePinnedSha512IsNeitherUnpackedNorRun() throws Exception {
        // A tarball laid out like Maven's whose mvn would announce itself: fetched instead of the real one
        // (WEFT_MAVEN_URL), it must be refused before tar or mvn sees it.
        Path fake = Files.createTempDirectory("fake-maven");
        Path mvn = fake.resolve("apache-maven-3.9.9/bin/mvn");
        Files.createDirectories(mvn.getParent());
        Files.writeString(mvn, "#!/bin/sh\necho FAKE-MAVEN-RAN\n");
        assertTrue(mvn.toFile().setExecutable(true));
        Path tgz = fake.resolve("maven.tar.gz");
        Process tar = new ProcessBuilder("tar", "-czf", tgz.toString(), "-C", fake.toString(), "apache-maven-3.9.9")
                .inheritIO().start();
        assertTrue(tar.waitFor(60, TimeUnit.SECONDS) && tar.exitValue() == 0, "tar failed");
        Path bin = toolsOnly("bash", "env", "dirname", "cat", "sed", "head", "cut", "mkdir", "rm", "find", "touch",
                "curl", "sha512sum", "tar", "gzip");
        Path cache = Files.createTempDirectory("cache");
        Result r = run(Map.of("PATH", bin.toString(), "JAVA_HOME", System.getProperty("java.home"),
                "XDG_CACHE_HOME", cache.toString(), "WEFT_MAVEN_URL", tgz.toUri().toString()), "clean");
        assertEquals(2, r.code(), r.out());
        assertTrue(r.out().contains("not the pinned") && r.out().contains("refused"), r.out());
        assertFalse(r.out().contains("FAKE-MAVEN-RAN"), r.out());
        try (var left = Files.walk(cache)) {
            assertEquals(List.of(), left.filter(Files::isRegularFile).toList(), "the refused download was kept");
        }
    }

    @Test
    void unknownCommandIsAUsageError() throws Exception {
        Result r = run(Map.of(), "frobnicate");
        assertEquals(2, r.code(), r.out());
        assertTrue(r.out().contains("unknown command"), r.out());
    }
}
