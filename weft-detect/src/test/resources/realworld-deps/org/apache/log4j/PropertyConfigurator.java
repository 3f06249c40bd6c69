package org.apache.log4j;

import java.util.Properties;

/** Compile-time stand-in for log4j 1.x's configurator, which reads the properties it is given. */
public class PropertyConfigurator {
    public static void configure(Properties properties) {
    }
}
