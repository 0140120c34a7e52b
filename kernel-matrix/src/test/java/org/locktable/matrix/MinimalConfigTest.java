package org.locktable.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The config fragment of the kernels built from source: everything the guest's {@code init.sh}, {@link Guest} and
 * the helper use is forced, and a generated {@code .config} that lost a forced option is caught.
 */
class MinimalConfigTest {
    private final MinimalConfig config = MinimalConfig.standard();

    @Test
    void theFragmentForcesWhatTheGuestUses() throws IOException {
        List<String> o = config.options();
        // init.sh: busybox sh as /init (#!), mounts proc, sysfs, devtmpfs and a tmpfs, reboot -f at the end
        for (String need : List.of("CONFIG_BLK_DEV_INITRD=y", "CONFIG_RD_GZIP=y", "CONFIG_BINFMT_ELF=y",
                "CONFIG_BINFMT_SCRIPT=y", "CONFIG_PROC_FS=y", "CONFIG_SYSFS=y", "CONFIG_DEVTMPFS=y", "CONFIG_TMPFS=y",
                "CONFIG_SHMEM=y", "CONFIG_64BIT=y", "CONFIG_PRINTK=y",
                // Guest: console on ttyS0, control and two helpers on ttyS1..ttyS3 of the built-in 8250
                "CONFIG_SERIAL_8250=y", "CONFIG_SERIAL_8250_CONSOLE=y", "CONFIG_SERIAL_8250_NR_UARTS=4",
                "CONFIG_SERIAL_8250_RUNTIME_UARTS=4",
                // the probe and the race replay
                "CONFIG_BLK_DEV_LOOP=y", "CONFIG_EXT4_FS=y", "CONFIG_XFS_FS=y", "CONFIG_FUSE_FS=y", "CONFIG_AIO=y",
                "CONFIG_IO_URING=y", "CONFIG_MULTIUSER=y", "CONFIG_VIRTIO_BLK=y")) {
            assertTrue(o.contains(need), need);
        }
        String init = new String(resource("init.sh"), StandardCharsets.UTF_8);
        for (String fs : List.of("proc", "sysfs", "devtmpfs", "tmpfs")) {
            assertTrue(init.contains("mount -t " + fs), "init.sh no longer mounts " + fs + ": check the fragment");
        }
        assertTrue(init.contains("ttyS3") && !init.contains("ttyS4"), "init.sh uses ports beyond the fragment's four");
        assertEquals(List.of("ttyS2", "ttyS3"), Guest.HELPER_PORTS, "the console and ttyS1 come first: four ports");
    }

    @Test
    void everyOptionIsBuiltInOrAValue() {
        for (String o : config.options()) {
            assertTrue(o.matches("CONFIG_[A-Z0-9_]+=(y|\\d+)"), o + ": the guest loads no modules of a built kernel");
        }
    }

    @Test
    void aLostOptionIsNamed() {
        String dotConfig = "# comment\nCONFIG_64BIT=y\nCONFIG_EXT4_FS=y\n# CONFIG_XFS_FS is not set\n";
        MinimalConfig small = MinimalConfig.of("# two\nCONFIG_64BIT=y\nCONFIG_XFS_FS=y\nCONFIG_EXT4_FS=y\n");
        assertEquals(List.of("CONFIG_64BIT=y", "CONFIG_XFS_FS=y", "CONFIG_EXT4_FS=y"), small.options());
        assertEquals(List.of("CONFIG_XFS_FS=y"), small.missing(dotConfig));
        assertEquals(List.of("CONFIG_64BIT=y", "CONFIG_XFS_FS=y"), small.missing("CONFIG_EXT4_FS=y\nCONFIG_64BIT=m\n"));
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = Guest.class.getResourceAsStream(name)) {
            return in.readAllBytes();
        }
    }
}
