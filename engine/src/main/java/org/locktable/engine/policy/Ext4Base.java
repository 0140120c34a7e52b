package org.locktable.engine.policy;

/**
 * ext4-base: mainline ext4, v6.5 .. v7.x. Shared only when one allocated record covers the whole range
 * inside {@code i_size}, and the write is aligned or that record is written.
 */
// fs/ext4/file.c: ext4_dio_write_checks() (v7.0; the decision is unchanged since v6.5, 310ee0902b8d)
final class Ext4Base extends Ext4DioWriteIter {
    Ext4Base(PolicyInfo info) {
        super(info);
    }

    @Override
    boolean dioWriteChecks(DecisionBuilder b, Ext4DioState s) {
        boolean unalignedIo;
        boolean overwrite;
        while (true) { // restart:
            unalignedIo = b.ext4Unaligned;
            s.extend = Ext4Lookups.extendingIo(b);
            overwrite = Ext4Lookups.overwriteIo(b, s);

            if (b.shared() && (!b.inode.nosec() || s.extend || !overwrite || (unalignedIo && s.unwritten))) {
                String why = !b.inode.nosec() ? "!IS_NOSEC" : s.extend ? "extending write"
                        : !overwrite ? "not an overwrite" : "unaligned write to unwritten blocks";
                if (!upgradeOrEagain(b, why)) {
                    return false;
                }
                continue;
            }
            break;
        }
        if (!b.shared() && (unalignedIo || s.extend)) {
            return exclusiveWaitOrEagain(b, unalignedIo && (!overwrite || s.unwritten),
                    unalignedIo ? "unaligned write" : "extending write");
        }
        b.trace("ext4_dio_write_checks", b.shared() ? "lock settled: shared" : "lock settled: exclusive");
        return true;
    }
}
