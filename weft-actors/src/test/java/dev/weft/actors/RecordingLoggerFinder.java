package dev.weft.actors;

import java.text.MessageFormat;
import java.util.List;
import java.util.ResourceBundle;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The System.Logger backend of this module's test JVM (registered in META-INF/services): it records every
 * record so that tests can check what the actors module logs, and prints WARNING and above to stderr.
 */
public final class RecordingLoggerFinder extends System.LoggerFinder {
    record Entry(String logger, System.Logger.Level level, String message, Throwable thrown) {
    }

    private static final ConcurrentLinkedQueue<Entry> RECORDS = new ConcurrentLinkedQueue<>();

    static List<Entry> records() {
        return List.copyOf(RECORDS);
    }

    static void clear() {
        RECORDS.clear();
    }

    @Override
    public System.Logger getLogger(String name, Module module) {
        return new System.Logger() {
            @Override
            public String getName() {
                return name;
            }

            @Override
            public boolean isLoggable(Level level) {
                return true;
            }

            @Override
            public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
                record(level, msg, thrown);
            }

            @Override
            public void log(Level level, ResourceBundle bundle, String format, Object... params) {
                record(level, params == null || params.length == 0 ? format : MessageFormat.format(format, params),
                        null);
            }

            private void record(Level level, String msg, Throwable thrown) {
                RECORDS.add(new Entry(name, level, msg, thrown));
                if (level.getSeverity() >= Level.WARNING.getSeverity()) {
                    System.err.println(level + " " + name + ": " + msg + (thrown == null ? "" : " " + thrown));
                }
            }
        };
    }
}
