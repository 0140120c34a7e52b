package org.locktable.calibration.report;

import java.util.Locale;

/** How the report writes numbers: {@link Locale#ROOT}, and fio's own units where it quotes fio. */
final class Formats {
    private Formats() {
    }

    /** A seed table's name without its parenthesised description. */
    static String shortTable(String t) {
        int paren = t.indexOf(" (");
        return paren > 0 ? t.substring(0, paren) : t;
    }

    static String value(double v) {
        if (v >= 10_000) {
            return grouped(v);
        }
        if (v >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** 42,322 */
    static String grouped(double v) {
        return String.format(Locale.ROOT, "%,d", Math.round(v));
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * v);
    }

    static String signedPct(double v) {
        return String.format(Locale.ROOT, "%+.1f %%", 100 * v);
    }

    static String fmt(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** fio's bandwidth text: {@code 296MiB/s (310MB/s)}, three significant digits. */
    static String fioBw(double bytesPerSecond) {
        return fioUnit(bytesPerSecond, true) + "/s (" + fioUnit(bytesPerSecond, false) + "/s)";
    }

    static String fioBwShort(double bytesPerSecond, boolean binary) {
        return fioUnit(bytesPerSecond, binary) + "/s";
    }

    private static String fioUnit(double v, boolean binary) {
        String[] units = binary ? new String[] {"B", "KiB", "MiB", "GiB"} : new String[] {"B", "kB", "MB", "GB"};
        double base = binary ? 1024 : 1000;
        int u = 0;
        while (u < units.length - 1 && v >= 10 * base) {
            v /= base;
            u++;
        }
        return sig3(v) + units[u];
    }

    /** fio's IOPS text: {@code 76.8k}. */
    static String fioNum(double v) {
        if (v >= 1e6) {
            return sig3(v / 1e6) + "M";
        }
        if (v >= 1e4) {
            return sig3(v / 1e3) + "k";
        }
        return String.format(Locale.ROOT, "%.0f", v);
    }

    private static String sig3(double v) {
        if (v >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
