package dev.weft.atomic.weaver;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Finds class files by internal name: first among the classes being woven, then in the class path
 * (directories and jars), then in the running JDK. Models are read once and cached.
 */
final class ClassPath implements AutoCloseable {
    private final Map<String, byte[]> inputs;
    private final List<Path> dirs = new ArrayList<>();
    private final List<ZipFile> jars = new ArrayList<>();
    private final Map<String, ClassModel> models = new HashMap<>();

    ClassPath(Map<String, byte[]> inputs, List<Path> classpath) {
        this.inputs = inputs;
        for (Path p : classpath) {
            try {
                if (Files.isDirectory(p)) {
                    dirs.add(p);
                } else if (Files.isRegularFile(p)) {
                    jars.add(new ZipFile(p.toFile()));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open class path entry " + p, e);
            }
        }
    }

    /** The class's bytes, or null if it is nowhere to be found. */
    byte[] bytes(String name) {
        byte[] b = inputs.get(name);
        if (b != null) {
            return b;
        }
        String file = name + ".class";
        try {
            for (Path d : dirs) {
                Path f = d.resolve(file);
                if (Files.isRegularFile(f)) {
                    return Files.readAllBytes(f);
                }
            }
            for (ZipFile z : jars) {
                ZipEntry e = z.getEntry(file);
                if (e != null) {
                    try (InputStream in = z.getInputStream(e)) {
                        return in.readAllBytes();
                    }
                }
            }
            // The JDK, and the runtime classes woven code refers to (the weaver's own class loader).
            ClassLoader own = ClassPath.class.getClassLoader();
            InputStream found = own != null ? own.getResourceAsStream(file) : null;
            if (found == null) {
                found = ClassLoader.getSystemResourceAsStream(file);
            }
            try (InputStream in = found) {
                return in == null ? null : in.readAllBytes();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The class's model, or null if it cannot be found. */
    ClassModel model(String name) {
        if (name == null) {
            return null;
        }
        ClassModel m = models.get(name);
        if (m == null && !models.containsKey(name)) {
            byte[] b = bytes(name);
            m = b == null ? null : new ClassModel(b);
            models.put(name, m);
        }
        return m;
    }

    boolean isInput(String name) {
        return inputs.containsKey(name);
    }

    @Override
    public void close() {
        for (ZipFile z : jars) {
            try {
                z.close();
            } catch (IOException ignored) {
                // read-only; nothing to lose
            }
        }
    }
}
