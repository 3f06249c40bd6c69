package dev.weft.detect.fix;

/** Why a rewrite is not provably safe; the code is left as it is and the reason reported. */
final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;

    Refusal(String reason) {
        super(reason, null, false, false);
    }
}
