package org.locktable.matrix;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which kernel to boot: a Debian series ({@code debian:6.1}, fetched with apt from the suite that ships it), a
 * kernel package ({@code linux-image-....deb}), or a kernel image with its modules directory
 * ({@code VMLINUZ[,MODULES_DIR]}; without a directory everything the probe needs must be built in).
 *
 * @param kind which of the three
 * @param series the Debian series ({@code 6.1}) for {@link Kind#DEBIAN}, else null
 * @param file the {@code .deb} or the kernel image, else null
 * @param modules the modules directory given with an image ({@code lib/modules/RELEASE}), or null
 */
public record KernelSpec(Kind kind, String series, Path file, Path modules) {
    public enum Kind { DEBIAN, DEB, IMAGE }

    /** The Debian series this tool knows, each with the suite that ships it as its {@code linux-image-amd64}. */
    public static final Map<String, String> DEBIAN_SUITES = new TreeMap<>(Map.of(
            "5.10", "bullseye", "6.1", "bookworm", "6.12", "trixie"));

    /** Every Debian series, oldest first: what {@code --kernel all} and the report run. */
    public static List<KernelSpec> allDebian() {
        return List.of(debian("5.10"), debian("6.1"), debian("6.12"));
    }

    public static KernelSpec debian(String series) {
        return new KernelSpec(Kind.DEBIAN, series, null, null);
    }

    /** Parses a spec; an IllegalArgumentException with a one-line reason when it is none. */
    public static KernelSpec parse(String text) {
        String s = text.trim();
        if (s.startsWith("debian:")) {
            String series = s.substring("debian:".length());
            if (!DEBIAN_SUITES.containsKey(series)) {
                throw new IllegalArgumentException("unknown Debian kernel \"" + s + "\": use "
                        + String.join(", ", DEBIAN_SUITES.keySet().stream().map(k -> "debian:" + k).toList()));
            }
            return debian(series);
        }
        if (s.isEmpty()) {
            throw new IllegalArgumentException("empty kernel spec: use debian:6.1, a linux-image .deb, or VMLINUZ[,MODULES_DIR]");
        }
        if (s.endsWith(".deb")) {
            return new KernelSpec(Kind.DEB, null, existing(Path.of(s), "kernel package"), null);
        }
        int comma = s.indexOf(',');
        Path image = Path.of(comma < 0 ? s : s.substring(0, comma));
        Path modules = comma < 0 ? null : Path.of(s.substring(comma + 1));
        existing(image, "kernel image");
        if (modules != null && !Files.isDirectory(modules)) {
            throw new IllegalArgumentException("no modules directory " + modules);
        }
        return new KernelSpec(Kind.IMAGE, null, image, modules);
    }

    private static Path existing(Path p, String what) {
        if (!Files.isRegularFile(p)) {
            throw new IllegalArgumentException("no " + what + " " + p
                    + " (a kernel spec is debian:5.10|6.1|6.12, a linux-image .deb, or VMLINUZ[,MODULES_DIR])");
        }
        return p.toAbsolutePath();
    }

    /** The Debian suite to fetch from ({@link Kind#DEBIAN} only). */
    public String suite() {
        return DEBIAN_SUITES.get(series);
    }

    /** {@code debian:6.1}, the package's or the image's file name: how reports name it. */
    @Override
    public String toString() {
        return switch (kind) {
            case DEBIAN -> "debian:" + series;
            case DEB -> file.getFileName().toString();
            case IMAGE -> file.getFileName() + (modules != null ? "," + modules : "");
        };
    }
}
