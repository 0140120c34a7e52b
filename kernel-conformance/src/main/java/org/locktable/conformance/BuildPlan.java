package org.locktable.conformance;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Layout;

/**
 * How to make a file with a given layout, {@code i_size} and IS_NOSEC, as helper commands and as the
 * equivalent shell ({@code xfs_io}) lines:
 *
 * <ol>
 *   <li>create the file; one direct write of a block and a truncate to 0 make IS_NOSEC current (the write path
 *       sets {@code S_NOSEC}, which a new inode lacks until then);</li>
 *   <li>written records, in order, by direct writes into holes; the last one ends at {@code i_size} when
 *       {@code i_size} falls inside it and is a multiple of the logical block size, so no truncate zeroes the EOF
 *       block through the page cache;</li>
 *   <li>unwritten records by {@code fallocate(KEEP_SIZE)} over holes, after the written ones (a direct write into
 *       an unwritten extent makes ext4 split it and may convert small neighbours);</li>
 *   <li>a record boundary between same-state neighbours ({@code W|W}): the physical block right after the first
 *       record is kept from the second, so it cannot be physically contiguous — by a one-block spacer file that
 *       lands there (ext4's per-CPU preallocation puts it there), else by holding that block in the file itself and
 *       punching it out at once (XFS keeps a freed extent busy until its log commits); the spacers are unlinked
 *       once every record is placed;</li>
 *   <li>{@code ftruncate} to {@code i_size} when the writes did not set it; set-uid ({@code chmod 4755}) for
 *       IS_NOSEC off;</li>
 *   <li>{@code fsync}, then {@code posix_fadvise(DONTNEED)} over 0..1 GiB: no page of the file stays cached.</li>
 * </ol>
 *
 * The plan is only a recipe: {@link LayoutBuilder} verifies with FIEMAP what the file system made of it.
 */
public final class BuildPlan {
    /** One step. */
    public enum Op {
        CREATE, NOSEC, PWRITE, SPACER, UNSPACE, FALLOC, TRUNCATE, CHMOD, SYNC
    }

    /** A step with its arguments (offset and length, a size, or a mode). */
    public record Step(Op op, long a, long b) {
        /** The helper command. */
        public String helper(String name) {
            switch (op) {
                case CREATE:
                    return "create " + name;
                case NOSEC:
                    return "nosec";
                case PWRITE:
                    return "pwrite " + a + " " + b;
                case SPACER:
                    return "spacer " + a;
                case UNSPACE:
                    return "unspace";
                case FALLOC:
                    return "falloc " + a + " " + b;
                case TRUNCATE:
                    return "truncate " + a;
                case CHMOD:
                    return "chmod " + Long.toOctalString(a);
                default:
                    return "sync";
            }
        }

        /** The same step as a shell line on {@code file}; {@code spacer} numbers spacer files from 1. */
        public String shell(String file, int blockSize, int spacer) {
            switch (op) {
                case CREATE:
                    return "rm -f " + file + " " + file + ".sp*; touch " + file;
                case NOSEC:
                    return "xfs_io -d -c \"pwrite -q -b " + blockSize + " 0 " + blockSize + "\" -c \"truncate 0\" " + file;
                case PWRITE:
                    return "xfs_io -d -c \"pwrite -q -b " + b + " " + a + " " + b + "\" " + file;
                case SPACER:
                    return "spacer " + file + " " + a + " " + blockSize + " " + spacer + " || echo \"spacer missed\"";
                case UNSPACE:
                    return "rm -f " + file + ".sp*";
                case FALLOC:
                    return "xfs_io -c \"falloc -k " + a + " " + b + "\" " + file;
                case TRUNCATE:
                    return "xfs_io -c \"truncate " + a + "\" " + file;
                case CHMOD:
                    return "chmod " + Long.toOctalString(a) + " " + file;
                default:
                    return "xfs_io -c fsync -c \"fadvise -d 0 1073741824\" " + file;
            }
        }
    }

    /**
     * The shell functions the {@code spacer} lines call (define them first), doing what the helper's
     * {@code spacer} command does: {@code spacer FILE END BS N} keeps the physical block right after FILE's record
     * ending at byte END (the target) from the record written next — a fresh one-block file FILE.spN when it lands
     * there (ext4), else hold and release: {@code falloc -k} the block at END (its goal is the target) and
     * {@code fpunch} it at once, as XFS keeps a freed extent busy until the log commits ({@code sync -f} after the
     * first miss, in case the target itself is busy), else more spacer files. {@code physat FILE BYTE BS} prints the
     * 512-byte sector holding BYTE. The shell pins itself to one CPU first, as the helper's allocations come from one
     * process.
     */
    public static final List<String> SPACER_FUNCTION = List.of(
            "taskset -cp 0 $$ >/dev/null 2>&1 || true  # one CPU: ext4 serves small files from a per-CPU preallocation",
            "physat() { xfs_io -c \"fiemap -v $2 $3\" $1 | awk -v o=$(($2/512)) "
                    + "'$1==\"0:\"{gsub(/\\[|\\]|:/,\"\",$2); split($2,l,\"[.][.]\"); split($3,a,\"[.][.]\"); print a[1]+o-l[1]}'; }",
            "spacer() { # FILE END BS N",
            "  local t k p",
            "  t=$(( $(physat $1 $(($2-$3)) $3) + $3/512 ))",
            "  xfs_io -f -d -c \"pwrite -q -b $3 0 $3\" $1.sp$4",
            "  [ \"$(physat $1.sp$4 0 $3)\" = \"$t\" ] && return 0",
            "  for k in $(seq 64); do",
            "    xfs_io -c \"falloc -k $2 $3\" $1; p=$(physat $1 $2 $3); xfs_io -c \"fpunch $2 $3\" $1",
            "    [ \"$p\" = \"$t\" ] && return 0",
            "    [ $k = 1 ] && sync -f $1",
            "  done",
            "  for k in $(seq 64); do",
            "    xfs_io -f -d -c \"pwrite -q -b $3 0 $3\" $1.sp$4_$k",
            "    [ \"$(physat $1.sp$4_$k 0 $3)\" = \"$t\" ] && return 0",
            "  done",
            "  return 1",
            "}");

    private final Layout layout;
    private final long size;
    private final boolean nosec;
    private final int blockSize;
    private final List<Step> steps;

    private BuildPlan(Layout layout, long size, boolean nosec, int blockSize, List<Step> steps) {
        this.layout = layout;
        this.size = size;
        this.nosec = nosec;
        this.blockSize = blockSize;
        this.steps = List.copyOf(steps);
    }

    /** The plan for a device with 512-byte logical blocks. */
    public static BuildPlan of(Layout layout, long size, boolean nosec, int blockSize) {
        return of(layout, size, nosec, blockSize, 512);
    }

    /**
     * The plan; {@code lbs} is the device's logical block size: a direct write ends at {@code i_size} only when
     * {@code i_size} is a multiple of it, else the last written block is written whole and {@code ftruncate}
     * shrinks the file (zeroing the tail of the EOF block through the page cache, which the final sync drops).
     */
    public static BuildPlan of(Layout layout, long size, boolean nosec, int blockSize, int lbs) {
        List<Step> s = new ArrayList<>();
        s.add(new Step(Op.CREATE, 0, 0));
        s.add(new Step(Op.NOSEC, 0, 0));
        long sizeNow = 0;
        boolean spacers = false;
        int lastWritten = -1;
        for (int i = 0; i < layout.recordCount(); i++) {
            if (layout.recordState(i) != BlockState.WRITTEN) {
                continue;
            }
            if (lastWritten >= 0 && layout.recordEnd(lastWritten) == layout.recordStart(i)) {
                s.add(new Step(Op.SPACER, layout.recordStart(i) * blockSize, 0));
                spacers = true;
            }
            long off = layout.recordStart(i) * blockSize;
            long len = layout.recordLength(i) * blockSize;
            if (size > off && size < off + len && size % lbs == 0) {
                len = size - off; // the direct write sets i_size: no truncate, no page-cache zeroing
            }
            s.add(new Step(Op.PWRITE, off, len));
            sizeNow = Math.max(sizeNow, off + len);
            lastWritten = i;
        }
        int lastUnwritten = -1;
        for (int i = 0; i < layout.recordCount(); i++) {
            if (layout.recordState(i) != BlockState.UNWRITTEN) {
                continue;
            }
            if (lastUnwritten >= 0 && layout.recordEnd(lastUnwritten) == layout.recordStart(i)) {
                s.add(new Step(Op.SPACER, layout.recordStart(i) * blockSize, 0));
                spacers = true;
            }
            s.add(new Step(Op.FALLOC, layout.recordStart(i) * blockSize, layout.recordLength(i) * blockSize));
            lastUnwritten = i;
        }
        if (spacers) {
            s.add(new Step(Op.UNSPACE, 0, 0));
        }
        if (sizeNow != size) {
            s.add(new Step(Op.TRUNCATE, size, 0));
        }
        if (!nosec) {
            s.add(new Step(Op.CHMOD, 04755, 0));
        }
        s.add(new Step(Op.SYNC, 0, 0));
        return new BuildPlan(layout, size, nosec, blockSize, s);
    }

    public Layout layout() {
        return layout;
    }

    public long size() {
        return size;
    }

    public boolean nosec() {
        return nosec;
    }

    public int blockSize() {
        return blockSize;
    }

    public List<Step> steps() {
        return steps;
    }

    /** The helper commands for a file called {@code name}. */
    public List<String> helperCommands(String name) {
        List<String> out = new ArrayList<>();
        for (Step st : steps) {
            out.add(st.helper(name));
        }
        return out;
    }

    /** True when the plan places spacers (its shell lines need {@link #SPACER_FUNCTION}). */
    public boolean usesSpacers() {
        for (Step st : steps) {
            if (st.op() == Op.SPACER) {
                return true;
            }
        }
        return false;
    }

    /** The shell lines for the file {@code file} (a path), the spacer function first when needed. */
    public List<String> shellLines(String file) {
        List<String> out = new ArrayList<>();
        if (usesSpacers()) {
            out.addAll(SPACER_FUNCTION);
        }
        int spacer = 0;
        for (Step st : steps) {
            if (st.op() == Op.SPACER) {
                spacer++;
            }
            out.add(st.shell(file, blockSize, spacer));
        }
        return out;
    }

    /**
     * The offset of the block the XFS timestamp prime fallocates over: the first allocated block, or -2 when the
     * layout has none (the helper then primes with {@code futimens(UTIME_NOW)}).
     */
    public long primeOffset() {
        for (int i = 0; i < layout.recordCount(); i++) {
            if (layout.recordState(i).allocated()) {
                return layout.recordStart(i) * blockSize;
            }
        }
        return -2;
    }

    /**
     * True when a successful write of {@code [pos, pos+len)} may change the file: anything but an overwrite of
     * written blocks inside {@code i_size} (unwritten blocks convert, holes fill, {@code i_size} grows).
     */
    public boolean changedBySuccess(long pos, long len) {
        long end = pos + len;
        if (end > size) {
            return true;
        }
        for (long blk = pos / blockSize; blk <= (end - 1) / blockSize; blk++) {
            if (layout.stateAt(blk) != BlockState.WRITTEN) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when a <em>refused</em> NOWAIT write of {@code [pos, pos+len)} may still have changed an XFS file: a
     * write aligned to the block size that starts past {@code i_size} over a written block. Up to v5.11
     * {@code xfs_file_aio_write_checks} (fs/xfs/xfs_file.c) does not honour IOCB_NOWAIT there: it takes
     * IOLOCK_EXCL and zeroes {@code [i_size, pos)} with {@code iomap_zero_range}, which dirties the written EOF
     * block's page and moves {@code i_size} to the end of the zeroed bytes ({@code iomap_write_end}), before
     * {@code iomap_dio_rw} refuses the write (the hole past EOF needs an allocation). The page then makes every
     * later NOWAIT write over it EAGAIN ({@code filemap_range_has_page}). Holes and unwritten blocks are not zeroed
     * ({@code iomap_zero_range_actor} skips them); unaligned writes are refused before the checks, and v5.12+
     * refuses before zeroing (354be7e3b2ba). The probe batch ends after such a write, whatever its answer.
     */
    public boolean changedByRefusal(long pos, long len) {
        if (pos <= size || pos % blockSize != 0 || (pos + len) % blockSize != 0) {
            return false;
        }
        for (long blk = size / blockSize; blk * blockSize < pos; blk++) {
            if (layout.stateAt(blk) == BlockState.WRITTEN) {
                return true;
            }
        }
        return false;
    }

    /** {@code layout="W|W" i_size=8192 IS_NOSEC}: for messages. */
    @Override
    public String toString() {
        return "layout=\"" + layout + "\" i_size=" + size + (nosec ? "" : " !IS_NOSEC");
    }
}
