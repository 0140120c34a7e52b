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
