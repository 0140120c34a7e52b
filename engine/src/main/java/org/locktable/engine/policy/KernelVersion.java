package org.locktable.engine.policy;

import org.locktable.engine.model.InvalidInputException;

/** A Linux release number such as {@code 6.18} parsed from {@code uname -r} ({@code 6.18.44-fc-v669}). */
public record KernelVersion(int major, int minor) implements Comparable<KernelVersion> {
    public static KernelVersion parse(String release) throws InvalidInputException {
        String[] parts = release.trim().split("[.\\-+]");
        try {
            if (parts.length >= 2) {
                return new KernelVersion(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
            }
        } catch (NumberFormatException e) {
            // fall through to the error below
        }
        throw new InvalidInputException("kernel", "\"" + release + "\" is not a kernel release such as 6.18.44");
    }

    @Override
    public int compareTo(KernelVersion o) {
        return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor);
    }

    @Override
    public String toString() {
        return "v" + major + "." + minor;
    }
}
