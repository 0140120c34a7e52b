package org.locktable.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.KernelRange;
import org.locktable.engine.policy.KernelVersion;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.WritePath;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options describing one write and the policies to decide it with: shared by {@code locktable decide}
 * and by every line of a batch file. Picocli resets these fields to their initial values before each parse,
 * so one instance serves any number of batch lines.
 */
final class RequestOptions {
    @Option(names = "--policy", paramLabel = "ID", split = ",",
            description = "Policy id (see 'locktable policies'); several may be given, separated by commas or by "
                    + "repeating the option; 'all' means every policy in catalog order; 'kernel:5.15' the ext4 and XFS "
                    + "policies of that kernel for this write's path (with --fs, that file system's), 'kernel' those of the running kernel.")
    List<String> policies;

    @Mixin
    FsOption fs = new FsOption();

    @Mixin
    FileOptions file = new FileOptions();

    @Option(names = "--disk-size", paramLabel = "BYTES", converter = ByteCount.LongConverter.class,
            description = "ext4 i_disksize (default: i_size).")
    Long diskSize;

    @Option(names = "--offset", paramLabel = "BYTES", converter = ByteCount.LongConverter.class,
            description = "Write offset (ki_pos). Byte counts accept K, M, G, T suffixes: 4K = 4096.")
    Long offset;

    @Option(names = "--len", paramLabel = "BYTES", converter = ByteCount.LongConverter.class,
            description = "Write length.")
    Long len;

    @Option(names = "--nowait", description = "RWF_NOWAIT (IOCB_NOWAIT).")
    boolean nowait;

    @Option(names = "--async", description = "Asynchronous submission (libaio, io_uring): !is_sync_kiocb.")
    boolean async;

    @Option(names = "--buffered", description = "A buffered write (no O_DIRECT).")
    boolean buffered;

    @Option(names = "--dsync", description = "O_DSYNC / RWF_DSYNC.")
    boolean dsync;

    @Option(names = "--writethrough", description = "RWF_WRITETHROUGH (RFC).")
    boolean writethrough;

    @Option(names = "--noserial", description = "RWF_NOSERIAL (RFC).")
    boolean noserial;

    @Option(names = "--no-nosec", description = "The inode is not IS_NOSEC: the write must strip privileges.")
    boolean notNosec;

    @Option(names = "--mode", paramLabel = "OCTAL", converter = FileMode.class,
            description = "The file's permission bits, as chmod takes them (default: 0644). A set-uid (4755) or set-gid "
                    + "with group-exec (2775) file is never IS_NOSEC; an unprivileged write must strip those bits.")
    Integer mode;

    @Option(names = "--unprivileged", description = "The caller lacks CAP_FSETID and is not in the file's group "
            + "(default: a caller with CAP_FSETID, as root): file_remove_privs strips a set-id mode, or refuses a "
            + "NOWAIT write where the kernel passes IOCB_NOWAIT down.")
    boolean unprivileged;

    @Option(names = "--lbs", paramLabel = "BYTES", converter = ByteCount.IntConverter.class,
            description = "Logical block (sector) size of the device (default: ${DEFAULT-VALUE}).")
    int logicalBlockSize = 512;

    @Option(names = "--buffer-align", paramLabel = "BYTES", converter = ByteCount.LongConverter.class,
            description = "Largest power of two dividing the user buffer's address and length (default: ${DEFAULT-VALUE}).")
    long bufferAlignment = 4096;

    @Option(names = "--dma-align", paramLabel = "BYTES", converter = ByteCount.IntConverter.class,
            description = "The device's DMA alignment for user buffers (default: the logical block size).")
    int dmaAlignment;

    @Option(names = "--no-dioread-nolock", description = "ext4 mounted with dioread_lock (older policies read it).")
    boolean dioreadLock;

    @Option(names = "--no-dio", description = "ext4 cannot do direct I/O on this inode (ext4_should_use_dio() false).")
    boolean noDio;

    @Option(names = "--json", description = "Print one JSON object per decision, on one line each.")
    boolean json;

    /** What was asked: the policies, the inode and the write, all validated. */
    record Request(List<Policy> policies, Inode inode, WriteRequest write) {
    }

    Request build() throws CliException, InvalidInputException {
        List<String> missing = new ArrayList<>(4);
        if (policies == null || policies.isEmpty()) {
            missing.add("--policy=ID");
        }
        if (file.layout == null) {
            missing.add("--layout=LAYOUT");
        }
        if (offset == null) {
            missing.add("--offset=BYTES");
        }
        if (len == null) {
            missing.add("--len=BYTES");
        }
        if (!missing.isEmpty()) {
            throw new CliException("missing required option" + (missing.size() > 1 ? "s" : "") + ": "
                    + String.join(", ", missing));
        }
        Inode.Builder ib = file.inode();
        if (diskSize != null && diskSize < 0) {
            throw new InvalidInputException("diskSize", "i_disksize " + diskSize + " is negative");
        }
        if (dmaAlignment < 0) {
            throw new InvalidInputException("dmaAlignment", "DMA alignment " + dmaAlignment + " must be a power of two");
        }
        ib.logicalBlockSize(logicalBlockSize)
                .dmaAlignment(dmaAlignment)
                .nosec(!notNosec)
                .dioreadNolock(!dioreadLock)
                .dioSupported(!noDio);
        if (mode != null) {
            ib.mode(mode);
        }
        if (diskSize != null) {
            ib.diskSize(diskSize);
        }
        Inode inode = ib.build();
        WriteRequest write = WriteRequest.builder(offset, len)
                .direct(!buffered)
                .async(async)
                .nowait(nowait)
                .dsync(dsync)
                .writethrough(writethrough)
                .noserial(noserial)
                .unprivileged(unprivileged)
                .bufferAlignment(bufferAlignment)
                .build();
        return new Request(resolvePolicies(policies, pathOf(write)), inode, write);
    }

    /** The write path whose policies a kernel version names for {@code w}. */
    static WritePath pathOf(WriteRequest w) {
        return w.writethrough() || w.noserial() ? WritePath.WRITETHROUGH_NOSERIAL
                : w.direct() ? WritePath.DIRECT : WritePath.BUFFERED;
    }

    /**
     * Ids in the order given, duplicates dropped; {@code all} expands to the catalog, {@code kernel:VERSION} (or
     * {@code kernel}, the running one) to the policies of that release for {@code path}: of the --fs file system, or
     * of each file system the catalog models on that path.
     */
    List<Policy> resolvePolicies(List<String> ids, WritePath path) throws InvalidInputException {
        Set<Policy> out = new LinkedHashSet<>();
        for (String id : ids) {
            String trimmed = id.trim();
            if (trimmed.equals("all")) {
                out.addAll(PolicyCatalog.all());
            } else if (trimmed.isEmpty()) {
                throw new InvalidInputException("policy", "empty policy id in --policy; known: "
                        + String.join(", ", PolicyCatalog.ids()));
            } else if (FsOption.isKernel(trimmed) && fs.fs == null) {
                out.addAll(forKernel(trimmed, path));
            } else {
                out.add(fs.one(trimmed, path));
            }
        }
        return List.copyOf(out);
    }

    /**
     * The policies of that release for {@code path}, one per file system the catalog models on that path at some
     * release; one of those without a policy at this release is an error naming the gap: silently deciding with the
     * other file system's policy alone would read as "ext4 has nothing to say".
     */
    private static List<Policy> forKernel(String spec, WritePath path) throws InvalidInputException {
        List<Policy> found = new ArrayList<>(2);
        for (FileSystem f : FileSystem.values()) {
            boolean modelled = false;
            for (Policy q : PolicyCatalog.all()) {
                modelled |= q.info().path() == path && q.info().live() != null && q.info().live().fileSystem() == f;
            }
            if (modelled) {
                found.add(FsOption.forKernel(spec, f, path));
            }
        }
        if (found.isEmpty()) {
            String writes = path.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + " writes";
            throw new InvalidInputException("policy", "no policy models " + writes + " on " + spec.strip()
                    + " (see the LIVE KERNELS column of 'locktable policies')");
        }
        return found;
    }
}
