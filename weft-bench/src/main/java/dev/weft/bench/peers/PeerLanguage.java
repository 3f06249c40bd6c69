package dev.weft.bench.peers;

import dev.weft.bench.Engine;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A language whose runtimes run the peers suite's kernels: one binary ({@code weft-bench/peers/bin/<binary>})
 * that runs the language's serial elision and each of its parallel runtimes.
 *
 * @param name     the language, e.g. {@code Rust}
 * @param binary   the binary's file name, e.g. {@code peers-rust}
 * @param serial   the serial elision: a baseline engine, the one this language's runtimes are measured against
 * @param runtimes the parallel runtimes, in table order
 */
public record PeerLanguage(String name, String binary, Engine serial, List<Engine> runtimes) {
    public PeerLanguage {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(binary, "binary");
        Objects.requireNonNull(serial, "serial");
        runtimes = List.copyOf(runtimes);
        if (!serial.baseline()) {
            throw new IllegalArgumentException(serial + " must be a baseline engine: it is " + name + "'s serial elision");
        }
    }

    /** The serial elision and then the parallel runtimes. */
    public List<Engine> engines() {
        List<Engine> out = new ArrayList<>();
        out.add(serial);
        out.addAll(runtimes);
        return out;
    }

    /** Whether {@code engine} is one of this language's. */
    public boolean owns(Engine engine) {
        return serial.equals(engine) || runtimes.contains(engine);
    }
}
