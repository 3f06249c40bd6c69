package dev.weft.detect.analysis;

import com.github.javaparser.ast.Node;
import com.github.javaparser.printer.DefaultPrettyPrinter;
import com.github.javaparser.printer.configuration.DefaultConfigurationOption;
import com.github.javaparser.printer.configuration.DefaultPrinterConfiguration;

/** Source text of nodes for messages: one line, no comments, shortened. */
public final class Snippets {
    private static final ThreadLocal<DefaultPrettyPrinter> PRINTER = ThreadLocal.withInitial(() ->
            new DefaultPrettyPrinter(new DefaultPrinterConfiguration()
                    .removeOption(new DefaultConfigurationOption(DefaultPrinterConfiguration.ConfigOption.PRINT_COMMENTS))
                    .removeOption(new DefaultConfigurationOption(DefaultPrinterConfiguration.ConfigOption.PRINT_JAVADOC))));

    private Snippets() {
    }

    /** The node's code without comments, whitespace runs made single spaces: to recognize it after printing. */
    public static String code(Node n) {
        return PRINTER.get().print(n).replaceAll("\\s+", " ").strip();
    }

    /** The node's source on one line, at most 60 characters. */
    public static String text(Node n) {
        String s = PRINTER.get().print(n).replaceAll("\\s+", " ").strip();
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
