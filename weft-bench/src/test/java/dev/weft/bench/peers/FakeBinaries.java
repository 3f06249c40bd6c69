package dev.weft.bench.peers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Shell scripts that stand in for the peer binaries in tests: no cargo, g++ or go needed. */
public final class FakeBinaries {
    private FakeBinaries() {
    }

    /**
     * Writes {@code dir/name}: a script that records its arguments, one a line, in {@code dir/name.args}, then
     * prints {@code stdout}, prints {@code stderr} on standard error and exits with {@code status}.
     */
    public static Path write(Path dir, String name, String stdout, String stderr, int status) throws IOException {
        Path bin = dir.resolve(name);
        Files.writeString(bin, "#!/bin/sh\n"
                + "printf '%s\\n' \"$@\" > \"$0.args\"\n"
                + "cat <<'OUT'\n" + stdout + (stdout.endsWith("\n") ? "" : "\n") + "OUT\n"
                + (stderr.isEmpty() ? "" : "cat >&2 <<'ERR'\n" + stderr + "\nERR\n")
                + "exit " + status + "\n");
        if (!bin.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + bin + " executable");
        }
        return bin;
    }

    /** The arguments the fake binary {@code bin} was last called with, as one line. */
    public static String args(Path bin) throws IOException {
        return String.join(" ", Files.readAllLines(bin.resolveSibling(bin.getFileName() + ".args")));
    }
}
