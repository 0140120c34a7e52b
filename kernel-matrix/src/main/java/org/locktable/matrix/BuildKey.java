package org.locktable.matrix;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * What names a built kernel in the cache: a digest of the source package's version, the config fragment and each
 * patch's bytes in order (not their file names: the same patch under another name is the same kernel). The base
 * key (no patches) names the built tree the patched builds start from.
 */
public final class BuildKey {
    static final String FORMAT = "locktable kernel build 1";

    private BuildKey() {
    }

    /** 16 hex digits for {@code source} + {@code config} + {@code patches}. */
    public static String of(String source, String config, List<byte[]> patches) {
        MessageDigest md = sha256();
        line(md, FORMAT);
        line(md, "source " + source);
        line(md, "config " + hex(sha256().digest(config.getBytes(StandardCharsets.UTF_8))));
        for (byte[] p : patches) {
            line(md, "patch " + hex(sha256().digest(p)));
        }
        return hex(md.digest()).substring(0, 16);
    }

    private static void line(MessageDigest md, String s) {
        md.update((s + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
