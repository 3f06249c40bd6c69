package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The join forms in Weft.java and Joins.java are exactly what their template generates. */
class JoinFormsTest {
    /** Tests run in the module directory; the template's paths are relative to the repository root. */
    private static Path source(Path relativeToRoot) {
        return Path.of("..").resolve(relativeToRoot);
    }

    private static final String HOW = "; regenerate from the repository root: java weft-core/src/test/java/dev/weft/JoinForms.java";

    @Test
    void weftJavaHoldsTheGeneratedJoinForms() throws Exception {
        Path f = source(JoinForms.WEFT);
        String region = JoinForms.region(Files.readString(f, StandardCharsets.UTF_8), f);
        assertEquals(JoinForms.weftSection(), region, "Weft.java's join forms differ from the template" + HOW);
    }

    @Test
    void joinsJavaHoldsTheGeneratedSlowAndOutsidePaths() throws Exception {
        Path f = source(JoinForms.JOINS);
        String region = JoinForms.region(Files.readString(f, StandardCharsets.UTF_8), f);
        assertEquals(JoinForms.joinsSection(), region, "Joins.java's paths differ from the template" + HOW);
    }

    @Test
    void everyPublicJoinFormIsGenerated() {
        List<String> generated = JoinForms.forms().stream().map(JoinForms.Form::name).distinct().sorted().toList();
        List<String> api = Arrays.stream(Weft.class.getDeclaredMethods())
                .filter(m -> java.lang.reflect.Modifier.isPublic(m.getModifiers()) && m.getName().startsWith("join"))
                .map(java.lang.reflect.Method::getName).distinct().sorted().toList();
        assertEquals(api, generated);
        long count = Arrays.stream(Weft.class.getDeclaredMethods())
                .filter(m -> java.lang.reflect.Modifier.isPublic(m.getModifiers()) && m.getName().startsWith("join")).count();
        assertEquals(JoinForms.forms().size(), count, "one generated form per public join overload");
        assertTrue(count >= 12);
    }
}
