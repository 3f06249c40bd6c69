package dev.weft.atomic.weaver;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Weaves compiled classes that use atomic sets: a directory of class files or a jar, in place. Classes
 * that use no atomic set are left byte-for-byte alone (but checked: none may touch a set's field); classes
 * woven before are skipped, so weaving twice changes nothing. Either everything is woven or nothing is
 * written ({@link WeaveException} lists every problem).
 *
 * <pre>{@code
 * Weaver.Report r = new Weaver(List.of(Path.of("lib/weft-atomic.jar"))).weave(Path.of("target/classes"));
 * System.out.println(r.classesWoven() + " classes, " + r.unitsWoven() + " units of work");
 * }</pre>
 */
public final class Weaver {
    private final List<Path> classpath;

    /** @param classpath where the woven classes' supertypes and atomic field types are found (dirs, jars) */
    public Weaver(List<Path> classpath) {
        this.classpath = List.copyOf(Objects.requireNonNull(classpath, "classpath"));
    }

    /** What a weave did. */
    public record Report(int classesScanned, int classesWoven, int unitsWoven, List<String> wovenClasses) {
        @Override
        public String toString() {
            return "wove " + classesWoven + " of " + classesScanned + " classes (" + unitsWoven + " units of work)";
        }
    }

    /** Weaves a directory of class files or a jar in place. */
    public Report weave(Path target) throws IOException, WeaveException {
        Objects.requireNonNull(target, "target");
        if (Files.isDirectory(target)) {
            return weaveDirectory(target);
        }
        if (Files.isRegularFile(target) && target.toString().endsWith(".jar")) {
            return weaveJar(target);
        }
        throw new IllegalArgumentException("not a directory of classes or a jar: " + target);
    }

    /**
     * Instead of weaving: puts the unwoven guard ({@link ClassWeaverGuard}) into every class file in
     * {@code dir} that needs weaving and is neither woven nor guarded yet, so that skipping the weave never
     * leaves a class that runs without its locks — also one compiled without the annotation processor,
     * which adds the guard otherwise. Returns the classes guarded now (internal names).
     */
    public List<String> guard(Path dir) throws IOException {
        Map<String, Path> files = classFiles(dir);
        Map<String, byte[]> in = new LinkedHashMap<>();
        for (Map.Entry<String, Path> e : files.entrySet()) {
            in.put(e.getKey(), Files.readAllBytes(e.getValue()));
        }
        List<Path> cpath = new ArrayList<>(List.of(dir));
        cpath.addAll(classpath);
        List<String> guarded = new ArrayList<>();
        try (ClassPath cp = new ClassPath(in, cpath)) {
            Hierarchy h = new Hierarchy(cp);
            for (Map.Entry<String, byte[]> e : in.entrySet()) {
                ClassModel m = cp.model(e.getKey());
                byte[] bytes = e.getValue();
                if (m.woven || !needsWeaving(h, m, bytes) || ClassWeaverGuard.hasGuard(bytes)) {
                    continue;
                }
                Path p = files.get(e.getKey());
                Path tmp = p.resolveSibling(p.getFileName() + ".weaving");
                Files.write(tmp, ClassWeaverGuard.addGuard(bytes));
                Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                guarded.add(e.getKey());
            }
        }
        return guarded;
    }

    private static Map<String, Path> classFiles(Path dir) throws IOException {
        Map<String, Path> files = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String rel = dir.relativize(p).toString().replace('\\', '/');
                if (rel.endsWith(".class") && !rel.endsWith("module-info.class") && !rel.endsWith("package-info.class")
                        && Files.isRegularFile(p)) {
                    files.put(rel.substring(0, rel.length() - ".class".length()), p);
                }
            }
        }
        return files;
    }

    private Report weaveDirectory(Path dir) throws IOException, WeaveException {
        Map<String, Path> files = classFiles(dir);
        Map<String, byte[]> in = new LinkedHashMap<>();
        for (Map.Entry<String, Path> e : files.entrySet()) {
            in.put(e.getKey(), Files.readAllBytes(e.getValue()));
        }
        Result r = weaveClasses(in, List.of(dir));
        for (Map.Entry<String, byte[]> e : r.out.entrySet()) {
            Path p = files.get(e.getKey());
            Path tmp = p.resolveSibling(p.getFileName() + ".weaving");
            Files.write(tmp, e.getValue());
            Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        return r.report;
    }

    private Report weaveJar(Path jar) throws IOException, WeaveException {
        Map<String, byte[]> in = new LinkedHashMap<>();
        try (JarFile jf = new JarFile(jar.toFile())) {
            for (JarEntry e : Collections.list(jf.entries())) {
                String n = e.getName();
                if (n.endsWith(".class") && !n.startsWith("META-INF/") && !n.endsWith("module-info.class")
                        && !n.endsWith("package-info.class")) {
                    try (InputStream s = jf.getInputStream(e)) {
                        in.put(n.substring(0, n.length() - ".class".length()), s.readAllBytes());
                    }
                }
            }
        }
        Result r = weaveClasses(in, List.of());
        if (r.out.isEmpty()) {
            return r.report;
        }
        Path tmp = jar.resolveSibling(jar.getFileName() + ".weaving");
        try (JarFile jf = new JarFile(jar.toFile());
             OutputStream fo = Files.newOutputStream(tmp);
             JarOutputStream out = new JarOutputStream(fo)) {
            for (JarEntry e : Collections.list(jf.entries())) {
                String n = e.getName();
                String cls = n.endsWith(".class") ? n.substring(0, n.length() - ".class".length()) : null;
                byte[] woven = cls == null ? null : r.out.get(cls);
                JarEntry copy = new JarEntry(n);
                copy.setTime(e.getTime());
                out.putNextEntry(copy);
                if (woven != null) {
                    out.write(woven);
                } else {
                    try (InputStream s = jf.getInputStream(e)) {
                        s.transferTo(out);
                    }
                }
                out.closeEntry();
            }
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING);
        return r.report;
    }

    private record Result(Map<String, byte[]> out, Report report) {
    }

    /**
     * Weaves classes given by internal name; returns only those that changed. The map itself is the first
     * place supertypes are looked up, then {@code extraPath}, then this weaver's class path.
     */
    public Map<String, byte[]> weaveClasses(Map<String, byte[]> classes) throws WeaveException {
        return weaveClasses(classes, List.of()).out;
    }

    private Result weaveClasses(Map<String, byte[]> in, List<Path> extraPath) throws WeaveException {
        List<Path> cpath = new ArrayList<>(extraPath);
        cpath.addAll(classpath);
        try (ClassPath cp = new ClassPath(in, cpath)) {
            Hierarchy h = new Hierarchy(cp);
            List<String> problems = new ArrayList<>();
            Map<String, Analysis> analyses = new HashMap<>();
            List<String> toWeave = new ArrayList<>();
            for (Map.Entry<String, byte[]> e : in.entrySet()) {
                String name = e.getKey();
                ClassModel m = cp.model(name);
                if (m.woven) {
                    continue;
                }
                if (needsWeaving(h, m, e.getValue())) {
                    toWeave.add(name);
                } else {
                    checkUnrelated(h, e.getValue(), problems);
                }
            }
            for (String name : toWeave) {
                Analysis a = analyses.get(name);
                if (a == null) {
                    a = new Analysis(h, in.get(name), analyses);
                }
                String sup = a.unwovenAtomicSuper();
                if (sup != null) {
                    problems.add(Names.javaName(name) + ": its superclass " + Names.javaName(sup)
                            + " has an atomic set but is not woven; weave it first (or together)");
                }
            }
            for (String name : toWeave) {
                problems.addAll(analyses.get(name).problems);
            }
            if (!problems.isEmpty()) {
                throw new WeaveException(problems.stream().distinct().toList());
            }
            Map<String, byte[]> out = new LinkedHashMap<>();
            int units = 0;
            for (String name : toWeave) {
                Analysis a = analyses.get(name);
                units += a.units.size();
                out.put(name, new ClassWeaver(a).weave());
            }
            return new Result(out, new Report(in.size(), out.size(), units, List.copyOf(out.keySet())));
        }
    }

    /** A class needs weaving if it mentions the atomic-set annotations or extends a class with a set. */
    private static boolean needsWeaving(Hierarchy h, ClassModel m, byte[] bytes) {
        if (h.isAtomic(m.name) || m.anyAliasParams()) {
            return true;
        }
        for (ClassModel.Field f : m.fields) {
            if (f.atomicSet() != null || f.aliasSet() != null) {
                return true; // misplaced annotations: the analysis reports them
            }
        }
        return ClassWeaverGuard.hasGuard(bytes);
    }

    /** A class that uses no atomic set must not touch a set's fields nor store into an alias field. */
    private static void checkUnrelated(Hierarchy h, byte[] bytes, List<String> problems) {
        new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
            String cls;
            String source;

            @Override
            public void visit(int version, int access, String name, String sig, String sup, String[] itfs) {
                cls = name;
            }

            @Override
            public void visitSource(String src, String debug) {
                source = src;
            }

            @Override
            public MethodVisitor visitMethod(int access, String mname, String desc, String sig, String[] exc) {
                return new MethodVisitor(Opcodes.ASM9) {
                    int line = -1;

                    @Override
                    public void visitLineNumber(int l, org.objectweb.asm.Label start) {
                        line = l;
                    }

                    @Override
                    public void visitFieldInsn(int op, String owner, String fname, String fdesc) {
                        if (op != Opcodes.GETFIELD && op != Opcodes.PUTFIELD) {
                            return;
                        }
                        String where = Names.javaName(cls) + "." + mname + "(" + source + (line >= 0 ? ":" + line : "") + ")";
                        if (h.isSetField(owner, fname)) {
                            problems.add(where + ": " + (op == Opcodes.GETFIELD ? "reads" : "writes") + " atomic field "
                                    + Names.javaName(h.declaringClass(owner, fname)) + "." + fname
                                    + " outside a unit of work for its object; call a method of that object, or name"
                                    + " it with an @AliasAtomicSet parameter");
                        } else if (op == Opcodes.PUTFIELD && h.aliasField(owner, fname) != null) {
                            problems.add(where + ": stores @AliasAtomicSet field " + Names.javaName(owner) + "." + fname
                                    + " outside its class");
                        }
                    }
                };
            }
        }, ClassReader.SKIP_FRAMES);
    }
}
