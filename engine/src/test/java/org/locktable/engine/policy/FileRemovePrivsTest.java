package org.locktable.engine.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.FileRemovePrivs.KillRule;

/**
 * The privilege step against the C, read by hand: fs/inode.c {@code file_remove_privs_flags()} (the IS_NOSEC fast
 * path, -EAGAIN only when {@code kiocb_modified()} passed IOCB_NOWAIT), {@code should_remove_suid()} (≤ v6.1) and
 * fs/attr.c {@code setattr_should_drop_suidgid()} / {@code setattr_should_drop_sgid()} (v6.2+), and where each file
 * system calls it: ext4's {@code ext4_dio_write_checks()} ({@code file_modified}, after the NOWAIT -EAGAIN since v6.5,
 * before it in v5.10 .. v6.4), XFS's {@code xfs_file_write_checks()} ({@code kiocb_modified}, v6.0+).
 */
class FileRemovePrivsTest {
    private static final int SUID = FileRemovePrivs.ATTR_KILL_SUID;
    private static final int SGID = FileRemovePrivs.ATTR_KILL_SGID;

    private static Inode file(int mode, boolean nosec) throws InvalidInputException {
        return Inode.builder(Layout.parse("W W W W")).mode(mode).nosec(nosec).build();
    }

    @Test
    void killMaskFollowsShouldRemoveSuidAndSetattrShouldDropSuidgid() throws InvalidInputException {
        // suid always must be killed; for a caller with CAP_FSETID nothing is
        assertEquals(SUID, FileRemovePrivs.kill(file(04755, true), true, KillRule.SHOULD_REMOVE_SUID));
        assertEquals(0, FileRemovePrivs.kill(file(04755, true), false, KillRule.SETATTR_SHOULD_DROP_SUIDGID));
        // sgid with group-exec is a real sgid: killed by both rules
        assertEquals(SGID, FileRemovePrivs.kill(file(02755, true), true, KillRule.SHOULD_REMOVE_SUID));
        assertEquals(SUID | SGID, FileRemovePrivs.kill(file(06755, true), true, KillRule.SETATTR_SHOULD_DROP_SUIDGID));
        // sgid without group-exec: a mandatory-locking mark up to v6.1; v6.2+ kills it for a caller outside the group
        assertEquals(0, FileRemovePrivs.kill(file(02745, false), true, KillRule.SHOULD_REMOVE_SUID));
        assertEquals(SGID, FileRemovePrivs.kill(file(02745, false), true, KillRule.SETATTR_SHOULD_DROP_SUIDGID));
        // ... but that mode is not is_sxid(), so an IS_NOSEC inode takes the fast path
        assertEquals(0, FileRemovePrivs.kill(file(02745, true), true, KillRule.SETATTR_SHOULD_DROP_SUIDGID));
        // a plain !IS_NOSEC file has nothing to strip
        assertEquals(0, FileRemovePrivs.kill(file(0755, false), true, KillRule.SETATTR_SHOULD_DROP_SUIDGID));
    }

    @Test
    void aSetIdFileIsNeverNosec() throws InvalidInputException {
        assertFalse(file(04755, true).nosec());
        assertFalse(file(02710, true).nosec());
        assertTrue(file(02700, true).nosec());
        assertTrue(file(0644, true).nosec());
    }

    private static Decision decide(String policy, int mode, long off, long len, boolean nowait, boolean unprivileged)
            throws InvalidInputException {
        return PolicyCatalog.builtIn(policy).decide(file(mode, true),
                WriteRequest.builder(off, len).nowait(nowait).unprivileged(unprivileged).build());
    }

    private static boolean strips(Decision d) {
        return d.transactions().stream().anyMatch(t -> t.kind() == TxKind.KILL_PRIVS);
    }

    @Test
    void xfsNowaitOnASetuidFileIsEagainOnlyForTheUnprivilegedCaller() throws InvalidInputException {
        // root: !IS_NOSEC -> IOLOCK_EXCL (trylock), kiocb_modified: kill = 0, demote, the write goes ahead
        Decision root = decide("xfs-dio", 04755, 0, 8192, true, false);
        assertEquals(Result.OK, root.result());
        assertEquals(NowaitOutcome.PROCEEDS, root.nowait());
        assertFalse(strips(root));
        // unprivileged: kiocb_modified -> file_remove_privs_flags(IOCB_NOWAIT) -> -EAGAIN, nothing stripped
        Decision user = decide("xfs-dio", 04755, 0, 8192, true, true);
        assertEquals(Result.EAGAIN, user.result());
        assertFalse(strips(user));
        assertEquals(Result.EAGAIN, decide("xfs-dio", 02750 | 010, 0, 8192, true, true).result());
        assertEquals(Result.EAGAIN, decide("xfs-buffered", 04755, 0, 8192, true, true).result());
        // blocking: the strip runs under IOLOCK_EXCL, then the lock is demoted
        Decision blocking = decide("xfs-dio", 04755, 0, 8192, false, true);
        assertEquals(Result.OK, blocking.result());
        assertEquals(Lock.SHARED, blocking.finalLock());
        assertTrue(strips(blocking));
        assertFalse(strips(decide("xfs-dio", 04755, 0, 8192, false, false)));
    }

    @Test
    void xfsBeforeV512StripsUnderNowait() throws InvalidInputException {
        // xfs_file_aio_write_checks -> file_modified(file): flags 0, so the NOWAIT write strips and may block
        Decision d = decide("xfs-dio-v5.11", 04755, 0, 8192, true, true);
        assertEquals(Result.OK, d.result());
        assertEquals(NowaitOutcome.PROCEEDS_MAY_BLOCK, d.nowait());
        assertTrue(strips(d));
    }

    @Test
    void ext4MainlineRefusesNowaitBeforeFileModifiedWhateverTheCaller() throws InvalidInputException {
        // !IS_NOSEC under the shared lock -> -EAGAIN at the upgrade, before file_modified
        for (boolean unprivileged : new boolean[] {false, true}) {
            Decision d = decide("ext4-base", 04755, 0, 8192, true, unprivileged);
            assertEquals(Result.EAGAIN, d.result());
            assertFalse(strips(d));
        }
        Decision user = decide("ext4-base", 04755, 0, 8192, false, true);
        assertEquals(Lock.EXCLUSIVE, user.finalLock());
        assertTrue(strips(user));
        assertFalse(strips(decide("ext4-base", 04755, 0, 8192, false, false)));
        assertTrue(strips(decide("ext4-patch2", 02710, 512, 4096, false, true)));
    }

    @Test
    void ext4V510StripsThenRefusesAnUnalignedNowaitWrite() throws InvalidInputException {
        // unaligned -> inode_lock from the start; ext4_dio_write_checks ends in file_modified (the strip), and only then
        // ext4_dio_write_iter returns -EAGAIN for the unaligned NOWAIT write
        Decision d = decide("ext4-v5.10", 04755, 512, 4096, true, true);
        assertEquals(Result.EAGAIN, d.result());
        assertTrue(strips(d));
        assertFalse(strips(decide("ext4-v5.10", 04755, 512, 4096, true, false)));
        // aligned: shared first, !IS_NOSEC -> -EAGAIN at the upgrade, before file_modified
        assertFalse(strips(decide("ext4-v5.10", 04755, 0, 4096, true, true)));
    }

    @Test
    void ext4BufferedRefusesNowaitFirstAndStripsBlocking() throws InvalidInputException {
        WriteRequest w = WriteRequest.builder(0, 4096).direct(false).unprivileged(true).build();
        Policy p = PolicyCatalog.builtIn("ext4-buffered-bh");
        assertTrue(strips(p.decide(file(04755, true), w)));
        assertEquals(Result.EOPNOTSUPP, p.decide(file(04755, true), w.toBuilder().nowait(true).build()).result());
    }

    @Test
    void badModeIsOneLine() {
        InvalidInputException e = org.junit.jupiter.api.Assertions.assertThrows(InvalidInputException.class,
                () -> Inode.builder(Layout.parse("W")).mode(010000).build());
        assertEquals("mode 10000 is not a permission mode (octal 0000 to 7777)", e.getMessage());
    }
}
