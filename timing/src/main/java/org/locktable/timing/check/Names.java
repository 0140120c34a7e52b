package org.locktable.timing.check;

import java.util.Collection;
import java.util.Locale;

import org.locktable.engine.names.Levenshtein;

/** "Did you mean" for names: the closest known name by edit distance, when it is close enough. */
public final class Names {
    private Names() {
    }

    /** The known name closest to {@code name} (case-insensitive edit distance), or null if none is close. */
    public static String closest(String name, Collection<String> known) {
        String n = name == null ? "" : name.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = Levenshtein.distance(n, k.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        return best != null && bestDistance <= Math.max(2, best.length() / 3) ? best : null;
    }

    /** {@code unknown device profile "x"; did you mean "y"? known: a, b} — one line. */
    public static String unknown(String what, String name, Collection<String> known) {
        String c = closest(name, known);
        return "unknown " + what + " \"" + name + "\"" + (c == null ? "" : "; did you mean \"" + c + "\"?")
                + " (known: " + String.join(", ", known) + ")";
    }
}
