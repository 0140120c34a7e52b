package org.locktable.conformance;

import org.locktable.engine.decision.Result;

/** What the kernel answered a NOWAIT probe: {@code OK}, {@code EAGAIN}, {@code EINVAL} or another errno name. */
public record KernelAnswer(String name) {
    public static final KernelAnswer OK = new KernelAnswer("OK");
    public static final KernelAnswer EAGAIN = new KernelAnswer("EAGAIN");
    public static final KernelAnswer EINVAL = new KernelAnswer("EINVAL");

    /** From a batch code letter (O, A, I) or, for X, the errno name. */
    static KernelAnswer ofCode(char code, String other) {
        switch (code) {
            case 'O':
                return OK;
            case 'A':
                return EAGAIN;
            case 'I':
                return EINVAL;
            default:
                return new KernelAnswer(other == null ? "E?" : other);
        }
    }

    /** The batch code letter: O, A, I, or X for another errno. */
    public char code() {
        return equals(OK) ? 'O' : equals(EAGAIN) ? 'A' : equals(EINVAL) ? 'I' : 'X';
    }

    /** From a {@code probe} answer: {@code OK <bytes> <attempts>}, {@code EAGAIN <attempts>}, ... */
    static KernelAnswer ofProbe(String answer) {
        String first = answer.trim().split("\\s+")[0];
        if (first.equals("ERR")) {
            throw new IllegalStateException("probe failed: " + answer);
        }
        return first.equals("OK") ? OK : new KernelAnswer(first);
    }

    /** From {@code xfs_io pwrite -V 1 -N} output: "wrote", or the strerror text. */
    static KernelAnswer ofXfsIo(String output) {
        if (output.contains("wrote")) {
            return OK;
        }
        if (output.contains("Resource temporarily unavailable")) {
            return EAGAIN;
        }
        if (output.contains("Invalid argument")) {
            return EINVAL;
        }
        return new KernelAnswer("other: " + output.strip().replace('\n', ' '));
    }

    /** kernel OK ⇔ engine OK, EAGAIN ⇔ EAGAIN, EINVAL ⇔ EINVAL. */
    public boolean agreesWith(Result engine) {
        return name.equals(engine.name());
    }

    @Override
    public String toString() {
        return name;
    }
}
