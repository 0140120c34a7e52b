package org.locktable.engine.names;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The project's one "did you mean": the known name nearest to a mistyped one, and the one message style every
 * unknown-name error uses: {@code unknown policy "ext4-bse"; did you mean "ext4-base"? (known: a, b, c)}.
 */
public final class DidYouMean {
    private DidYouMean() {
    }

    /**
     * The known name nearest to {@code name}, ignoring case, when it is near enough to be a typing slip: at most
     * a third of the longer name's characters wrong, and never more than two for short names. Ties go to the
     * earlier name in {@code known}.
     */
    public static Optional<String> closest(String name, Collection<String> known) {
        String typed = name == null ? "" : name.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int d = Levenshtein.distance(typed, candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        int allowed = Math.max(2, Math.max(typed.length(), best.length()) / 3);
        return bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }

    /** {@code ; did you mean "y"?} or nothing. */
    public static String hint(String name, Collection<String> known) {
        return closest(name, known).map(c -> "; did you mean \"" + c + "\"?").orElse("");
    }

    /** {@code unknown device profile "x"; did you mean "y"? (known: a, b)} — one line. */
    public static String unknown(String what, String name, Collection<String> known) {
        return "unknown " + what + " \"" + name + "\"" + hint(name, known) + " (known: " + String.join(", ", known) + ")";
    }
}
