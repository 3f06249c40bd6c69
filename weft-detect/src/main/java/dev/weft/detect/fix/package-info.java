/**
 * Internal: {@code --fix}. {@link dev.weft.detect.fix.Fixer} applies the copy-on-fork (B2) and scattered-data
 * (B4) rewrites where they are provably safe, and writes the files through JavaParser's lexical-preserving
 * printer; every other case is left as it is, with the reason.
 */
package dev.weft.detect.fix;
