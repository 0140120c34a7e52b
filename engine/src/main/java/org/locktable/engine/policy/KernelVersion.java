package org.locktable.engine.policy;

import org.locktable.engine.model.InvalidInputException;

/**
 * A Linux release number such as {@code 6.18} parsed from {@code uname -r} ({@code 6.18.44-fc-v669}). The 2.6 series
 * counted its releases in the third number ({@code 2.6.36}), so there {@code sublevel} is part of the release; from
 * 3.0 on the third number is a stable update of the release and is dropped (0).
 */
public record KernelVersion(int major, int minor, int sublevel) implements Comparable<KernelVersion> {
    /** A release of 3.0 or later. */
    public KernelVersion(int major, int minor) {
        this(major, minor, 0);
    }

    /** The last minor release of each major series before the next: 2.6.39, 3.19, 4.20, 5.19. */
    private static final int[] LAST_MINOR = {0, 0, 0, 19, 20, 19};

    /**
     * The mainline releases from {@code from} to {@code to}, in order: v2.6.36 .. v2.6.39 (the 2.6 series counts its
     * third number), then v3.0 .. v3.19, v4.0 .. v4.20, v5.0 .. v5.19, v6.0 onwards.
     */
    public static java.util.List<KernelVersion> mainline(KernelVersion from, KernelVersion to) {
        java.util.List<KernelVersion> all = new java.util.ArrayList<>();
        for (int s = 36; s <= 39; s++) {
            all.add(new KernelVersion(2, 6, s));
        }
        for (int major = 3; major <= Math.max(3, to.major()); major++) {
            int last = major < LAST_MINOR.length ? LAST_MINOR[major] : to.minor();
            for (int minor = 0; minor <= last; minor++) {
                all.add(new KernelVersion(major, minor));
            }
        }
        return all.stream().filter(v -> v.compareTo(from) >= 0 && v.compareTo(to) <= 0).toList();
    }

    public static KernelVersion parse(String release) throws InvalidInputException {
        String[] parts = release.trim().replaceFirst("^v", "").split("[.\\-+]");
        try {
            if (parts.length >= 2) {
                int major = Integer.parseInt(parts[0]);
                int minor = Integer.parseInt(parts[1]);
                int sublevel = major == 2 && parts.length >= 3 ? Integer.parseInt(parts[2]) : 0;
                return new KernelVersion(major, minor, sublevel);
            }
        } catch (NumberFormatException e) {
            // fall through to the error below
        }
        throw new InvalidInputException("kernel", "\"" + release + "\" is not a kernel release such as 6.18.44 or 2.6.36");
    }

    @Override
    public int compareTo(KernelVersion o) {
        return major != o.major ? Integer.compare(major, o.major)
                : minor != o.minor ? Integer.compare(minor, o.minor) : Integer.compare(sublevel, o.sublevel);
    }

    @Override
    public String toString() {
        return "v" + major + "." + minor + (major == 2 ? "." + sublevel : "");
    }
}
