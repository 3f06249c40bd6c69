/** Internal: the report formats, text ({@link dev.weft.detect.output.TextFormat}) and SARIF 2.1.0. */
package dev.weft.detect.output;
