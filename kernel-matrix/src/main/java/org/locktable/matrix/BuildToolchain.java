package org.locktable.matrix;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Shell;

/**
 * What building a kernel from source needs from the machine, and the first thing missing as one line (the rig's
 * {@code Requirements} pattern): make, a C compiler, flex, bison, bc, perl, the libelf and OpenSSL headers, xz and
 * dpkg-deb to unpack Debian's source package, patch.
 */
public final class BuildToolchain {
    /** Each tool with the Debian package that has it, in the order they are checked. */
    static final Map<String, String> TOOLS = tools();
    /** Headers the kernel's host programs include (objtool, sign-file), with their package. */
    static final Map<String, String> HEADERS = Map.of(
            "/usr/include/libelf.h", "libelf-dev", "/usr/include/openssl/opensslv.h", "libssl-dev");

    private BuildToolchain() {
    }

    private static Map<String, String> tools() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("make", "make");
        m.put("gcc", "gcc");
        m.put("flex", "flex");
        m.put("bison", "bison");
        m.put("bc", "bc");
        m.put("perl", "perl");
        m.put("xz", "xz-utils");
        m.put("dpkg-deb", "dpkg");
        m.put("patch", "patch");
        m.put("nice", "coreutils");
        return m;
    }

    /** The first thing missing, as one line, or empty when the machine can build a kernel. */
    public static Optional<String> missing() {
        for (Map.Entry<String, String> t : TOOLS.entrySet()) {
            if (Shell.which(t.getKey()) == null) {
                return Optional.of("no " + t.getKey() + ": a kernel build needs it (apt-get install " + t.getValue() + ")");
            }
        }
        for (Map.Entry<String, String> h : new TreeMap<>(HEADERS).entrySet()) {
            if (!Files.isRegularFile(Path.of(h.getKey()))) {
                return Optional.of("no " + h.getKey() + ": a kernel build needs it (apt-get install " + h.getValue() + ")");
            }
        }
        return Optional.empty();
    }

    /** Throws {@link EnvironmentException} (exit 3) with {@link #missing()}'s reason. */
    public static void check() throws EnvironmentException {
        Optional<String> m = missing();
        if (m.isPresent()) {
            throw new EnvironmentException(m.get());
        }
    }
}
