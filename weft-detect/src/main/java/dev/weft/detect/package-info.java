/**
 * {@code weft detect}: finds the six fork/join parallelism bottlenecks of Pinto et al. (Pinto et al., section V)
 * in Java sources, explains each, and rewrites the mechanical ones.
 *
 * <p>The API is {@link dev.weft.detect.Detector} (run it), {@link dev.weft.detect.Report},
 * {@link dev.weft.detect.Finding}, {@link dev.weft.detect.Problem} (a file that could not be analysed),
 * {@link dev.weft.detect.Notice} (code that looks like fork/join code but could not be typed as such) and
 * {@link dev.weft.detect.Bottleneck};
 * {@link dev.weft.detect.DetectMain} is the command line. The sub-packages are internals:
 * <ul>
 *   <li>{@code analysis}: parsing, the index of the analysed types, type resolution, and which code is task
 *   code;</li>
 *   <li>{@code rules}: one rule per bottleneck, run over the task code;</li>
 *   <li>{@code fix}: the {@code --fix} rewrites (B2, B4);</li>
 *   <li>{@code output}: the text and SARIF formats.</li>
 * </ul>
 */
package dev.weft.detect;
