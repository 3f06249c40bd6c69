package dev.weft.detect.fix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Java language level a source file is compiled at, so that a rewrite writes code that compiles there: no
 * diamond ({@code new ArrayList<>()}) below Java 7. Read from the nearest build file above the file: Maven's
 * {@code maven.compiler.release} or {@code maven.compiler.source} property, or the compiler plugin's
 * {@code <release>}/{@code <source>}; Gradle's {@code sourceCompatibility}, {@code release} or toolchain
 * {@code languageVersion}. A level given on the command line ({@code --source N}) wins; with neither, the level
 * is unknown and rewrites use what any Java from 7 on accepts.
 */
final class SourceLevel {
    /** No level known: Java 7's syntax is the oldest a rewrite then needs to respect. */
    static final int UNKNOWN = 0;

    private static final List<String> BUILD_FILES = List.of("pom.xml", "build.gradle", "build.gradle.kts");
    private static final List<Pattern> MAVEN = List.of(
            Pattern.compile("<maven\\.compiler\\.release>\\s*([0-9.]+)\\s*<"),
            Pattern.compile("<maven\\.compiler\\.source>\\s*([0-9.]+)\\s*<"),
            Pattern.compile("<release>\\s*([0-9.]+)\\s*<"),
            Pattern.compile("<source>\\s*([0-9.]+)\\s*<"));
    private static final List<Pattern> GRADLE = List.of(
            Pattern.compile("languageVersion(?:\\.set\\(|\\s*=\\s*)\\s*JavaLanguageVersion\\.of\\(\\s*['\"]?([0-9.]+)"),
            Pattern.compile("options\\.release(?:\\.set\\(|\\s*=\\s*)\\s*['\"]?([0-9.]+)"),
            Pattern.compile("sourceCompatibility\\s*=\\s*(?:JavaVersion\\.VERSION_)?['\"]?([0-9._]+)"));

    private final int override;
    private final Map<Path, Integer> byDirectory = new HashMap<>();

    /** @param override the level given on the command line, or {@link #UNKNOWN} */
    SourceLevel(int override) {
        this.override = override;
    }

    /** The level of the file at {@code path}: the override, else its build file's, else {@link #UNKNOWN}. */
    int of(Path path) {
        if (override != UNKNOWN) {
            return override;
        }
        Path dir = path.toAbsolutePath().normalize().getParent();
        return dir == null ? UNKNOWN : ofDirectory(dir);
    }

    /** Whether code for that file may use the diamond ({@code new ArrayList<>()}): Java 7 and later. */
    boolean diamond(Path path) {
        int level = of(path);
        return level == UNKNOWN || level >= 7;
    }

    private int ofDirectory(Path dir) {
        Integer known = byDirectory.get(dir);
        if (known != null) {
            return known;
        }
        int level = UNKNOWN;
        for (String name : BUILD_FILES) {
            Path build = dir.resolve(name);
            if (Files.isRegularFile(build)) {
                level = read(build, name.equals("pom.xml") ? MAVEN : GRADLE);
                if (level != UNKNOWN) {
                    break;
                }
            }
        }
        // A module's build file without a level inherits its parent's (a Maven parent, Gradle's allprojects).
        if (level == UNKNOWN && dir.getParent() != null) {
            level = ofDirectory(dir.getParent());
        }
        byDirectory.put(dir, level);
        return level;
    }

    private static int read(Path build, List<Pattern> patterns) {
        String text;
        try {
            text = Files.readString(build);
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
        for (Pattern p : patterns) {
            Matcher m = p.matcher(text);
            if (m.find()) {
                return parse(m.group(1));
            }
        }
        return UNKNOWN;
    }

    /** {@code 1.6}, {@code 1_6} and {@code 6} are Java 6; {@code 17} is 17. */
    static int parse(String version) {
        String v = version.replace('_', '.');
        if (v.startsWith("1.")) {
            v = v.substring(2);
        }
        int dot = v.indexOf('.');
        try {
            return Integer.parseInt(dot < 0 ? v : v.substring(0, dot));
        } catch (NumberFormatException e) {
            return UNKNOWN;
        }
    }
}
