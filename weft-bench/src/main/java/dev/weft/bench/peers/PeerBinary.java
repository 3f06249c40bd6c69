package dev.weft.bench.peers;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs a peer binary and returns what it wrote on standard output. */
final class PeerBinary {
    private PeerBinary() {
    }

    /**
     * Runs {@code command} to completion and returns its standard output's lines.
     *
     * @throws IOException if it cannot be started or exits with a status other than 0; the message holds the
     *                     end of what it wrote on standard error (a wrong answer, a usage error)
     */
    static List<String> run(List<String> command) throws IOException, InterruptedException {
        // Standard error goes to a file, so that neither stream can fill its pipe while the other is read.
        Path err = Files.createTempFile("weft-peer", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
            List<String> lines = new ArrayList<>();
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException e) {
                p.destroyForcibly();
                throw e;
            }
            int rc = p.waitFor();
            if (rc != 0) {
                List<String> errors = Files.readAllLines(err, StandardCharsets.UTF_8);
                String tail = String.join("\n", errors.subList(Math.max(0, errors.size() - 10), errors.size()));
                throw new IOException(Path.of(command.get(0)).getFileName() + " exited with status " + rc
                        + (tail.isBlank() ? "" : ":\n" + tail));
            }
            return lines;
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
