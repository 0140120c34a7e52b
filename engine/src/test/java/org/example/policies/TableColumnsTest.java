package org.example.policies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.catalog.PolicyContract;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyCatalogException;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.space.Case;
import org.locktable.engine.space.CaseSpace;
import org.locktable.engine.space.Cases;
import org.locktable.engine.table.Condition;
import org.locktable.engine.table.ConditionLibrary;
import org.locktable.engine.table.Conditions;
import org.locktable.engine.table.DecisionTable;
import org.locktable.engine.table.Outcome;
import org.locktable.engine.table.PolicyDiff;
import org.locktable.engine.table.TableConflictException;

/**
 * Issue 26, deliverable 4: tables and diffs for any policy. A user's policy whose decisions the fixed condition columns
 * do not determine gets the fewest columns of the condition library that do; one that no column determines is refused
 * with two witnesses. Users' policies and conditions from outside the engine's packages, through its public API only.
 */
class TableColumnsTest {
    private static final CaseSpace STANDARD = CaseSpace.standard(WritePath.DIRECT);
    private static final Policy BASE = PolicyCatalog.builtIn("ext4-base");

    @Test
    void theInBlockExtensionKeepsTheSharedLockOnlyInsideTheWrittenEofBlock() throws Exception {
        Policy p = new Ext4InBlockExtension();
        // i_size 6144: the EOF block is block 1, written; [5120, 8192) extends i_size and stays inside it
        Inode file = inode("W W", 6144);
        Decision inBlock = p.decide(file, write(5120, 3072));
        assertEquals(Lock.SHARED, inBlock.finalLock(), inBlock::toString);
        assertFalse(inBlock.forceWait(), inBlock::toString);
        assertEquals(Lock.EXCLUSIVE, BASE.decide(file, write(5120, 3072)).finalLock());
        // one written record from block 0: the same; two records: mainline's exclusive, drained, waited
        assertEquals(Lock.SHARED, p.decide(file, write(1024, 7168)).finalLock());
        Decision twoRecords = p.decide(inode("W|W", 6144), write(1024, 7168));
        assertEquals(Lock.EXCLUSIVE, twoRecords.finalLock());
        assertTrue(twoRecords.drain() && twoRecords.forceWait(), twoRecords::toString);
        // crossing into the next block, or an unwritten EOF block: mainline's
        assertEquals(Outcome.of(BASE.decide(file, write(5120, 4096))), Outcome.of(p.decide(file, write(5120, 4096))));
        Inode unwritten = inode("W U", 6144);
        assertEquals(Outcome.of(BASE.decide(unwritten, write(5120, 3072))),
                Outcome.of(p.decide(unwritten, write(5120, 3072))));
        assertTrue(PolicyContract.check(p).passed(), () -> PolicyContract.check(p).toString());
    }

    /**
     * In the standard space i_size is always in the layout's last block, so a write crossing out of the EOF block ends
     * on a hole past the layout: the tail and records columns already tell it from one ending inside a written EOF
     * block, and the table needs no added column.
     */
    @Test
    void theInBlockExtensionNeedsTheEofBlockColumn() {
        // the quick check before the lock (size only) sends a write crossing out of the EOF block exclusive at once and
        // an in-block one shared: under NOWAIT both get -EAGAIN, holding different locks, which the fixed columns
        // cannot tell apart (the "ends inside the EOF block" against "crosses into the next block")
        Policy p = new Ext4InBlockExtension();
        assertThrows(TableConflictException.class, () -> DecisionTable.build(p, STANDARD, List.of()));
        DecisionTable table = DecisionTable.build(p, STANDARD);
        assertEquals(List.of(ConditionLibrary.ENDS_IN_EOF_BLOCK), table.addedConditions());
        reproducesEveryCase(p, STANDARD, table);
    }

    /** With a written block past i_size, only "ends in EOF block" tells the in-block extension from a crossing one. */
    @Test
    void pastEofTheInBlockExtensionNeedsTheEofBlockColumn() {
        Policy p = new Ext4InBlockExtension();
        Cases space = new PreallocatedPastEof();
        assertThrows(TableConflictException.class, () -> DecisionTable.build(p, space, List.of()));
        DecisionTable table = DecisionTable.build(p, space);
        assertEquals(List.of(ConditionLibrary.ENDS_IN_EOF_BLOCK), table.addedConditions());
        reproducesEveryCase(p, space, table);
        String md = table.toMarkdown();
        assertTrue(md.contains("| I/O | ends in EOF block | final lock |"), md);
        assertTrue(md.contains("the table adds the column *ends in EOF block* from the condition library"), md);
        assertTrue(md.contains("  - *ends in EOF block* (added from the condition library): yes when"), md);
    }

    /** The first draft, without the written-block test: its table failed (exit 70) before the library existed. */
    @Test
    void theFirstDraftGetsOneColumnAndEveryRowDetermined() {
        Policy p = new Ext4InBlockExtensionAnyBlock();
        TableConflictException before = assertThrows(TableConflictException.class,
                () -> DecisionTable.build(p, STANDARD, List.of()));
        assertNotEquals(Outcome.of(p.decide(before.first().inode(), before.first().request())),
                Outcome.of(p.decide(before.second().inode(), before.second().request())));
        DecisionTable table = DecisionTable.build(p, STANDARD);
        assertEquals(List.of("one block", "ends in EOF block"), names(table.addedConditions()));
        reproducesEveryCase(p, STANDARD, table);
        assertTrue(table.toMarkdown().contains("| I/O | one block | ends in EOF block | final lock |"));
    }

    @Test
    void bothDiffAgainstExt4BaseWithTheSharedInBlockRow() throws InvalidInputException {
        PolicyDiff plain = PolicyDiff.between(BASE, new Ext4InBlockExtension(), STANDARD);
        assertEquals(List.of(ConditionLibrary.ENDS_IN_EOF_BLOCK), plain.addedConditions());
        assertTrue(plain.rows().stream().anyMatch(r -> r.after().finalLock() == Lock.SHARED && !r.after().forceWait()
                && r.before().finalLock() == Lock.EXCLUSIVE && r.before().forceWait()), plain::toMarkdown);
        PolicyDiff draft = PolicyDiff.between(BASE, new Ext4InBlockExtensionAnyBlock(), STANDARD);
        assertEquals(List.of("one block", "ends in EOF block"), names(draft.addedConditions()));
        assertTrue(draft.toMarkdown().contains("| I/O | one block | ends in EOF block | before |"));
        for (PolicyDiff.Row r : draft.rows()) {
            Case w = r.witness();
            assertEquals(r.before(), Outcome.of(BASE.decide(w.inode(), w.request(), Detail.LOCK)));
            assertEquals(r.after(), Outcome.of(new Ext4InBlockExtensionAnyBlock().decide(w.inode(), w.request(), Detail.LOCK)));
        }
    }

    @Test
    void aPolicyNoColumnDeterminesIsRefusedWithTwoWitnesses() {
        Policy p = new Ext4ThirdBlockExclusive();
        TableConflictException e = assertThrows(TableConflictException.class, () -> DecisionTable.build(p, STANDARD));
        assertEquals(p.id(), e.policy());
        assertEquals(Conditions.of(e.first().inode(), e.first().request()),
                Conditions.of(e.second().inode(), e.second().request()));
        for (Condition c : ConditionLibrary.standard()) {
            assertEquals(c.evaluate(e.first().inode(), e.first().request()),
                    c.evaluate(e.second().inode(), e.second().request()), c.name());
        }
        assertNotEquals(Outcome.of(p.decide(e.first().inode(), e.first().request())),
                Outcome.of(p.decide(e.second().inode(), e.second().request())));
        assertTrue(e.getMessage().startsWith(p.id() + ": no table column, the condition library's included, tells these "
                + "two cases apart"), e.getMessage());
        assertTrue(e.getMessage().contains(e.first() + " -> ") && e.getMessage().contains(e.second() + " -> "),
                e.getMessage());
        assertThrows(TableConflictException.class, () -> PolicyDiff.between(BASE, p, STANDARD));
    }

    @Test
    void aConditionTheUserAddsMakesItTabulate() {
        Policy p = new Ext4ThirdBlockExclusive();
        Condition third = new ThirdBlockCondition();
        CaseSpace small = space(3);
        DecisionTable table = DecisionTable.build(p, small, ConditionLibrary.with(List.of(third)));
        assertEquals(List.of(third), table.addedConditions());
        reproducesEveryCase(p, small, table);
    }

    @Test
    void conditionNamesAreUnique() {
        Condition clash = Condition.yesNo("one block", "again", (i, r) -> true);
        assertThrows(PolicyCatalogException.class, () -> ConditionLibrary.with(List.of(clash)));
        Condition column = Condition.yesNo("EOF", "a fixed column's header", (i, r) -> true);
        assertThrows(PolicyCatalogException.class, () -> ConditionLibrary.with(List.of(column)));
    }

    @Test
    void builtInPoliciesAddNoColumn() {
        CaseSpace small = space(2);
        for (Policy p : PolicyCatalog.builtIns()) {
            Cases s = p.info().path() == WritePath.DIRECT ? small : spaceOf(p);
            assertEquals(List.of(), DecisionTable.build(p, s).addedConditions(), p.id());
        }
    }

    /** Every case: the rules matching all its columns, added ones included, exist, agree and give the policy's outcome. */
    private static void reproducesEveryCase(Policy policy, Cases space, DecisionTable table) {
        assertEquals(space.size(), table.caseCount());
        space.forEach(c -> {
            Outcome decided = Outcome.of(policy.decide(c.inode(), c.request(), Detail.LOCK));
            Optional<Outcome> fromTable = table.lookup(c.inode(), c.request());
            if (fromTable.isEmpty() || !fromTable.get().equals(decided)) {
                fail(policy.id() + ": table gives " + fromTable.map(Outcome::toString).orElse("no single outcome")
                        + " but the policy decides " + decided + " for " + c);
            }
        });
    }

    private static CaseSpace space(int blocks) {
        try {
            return CaseSpace.builder().maxBlocks(blocks).build();
        } catch (InvalidInputException e) {
            throw new AssertionError(e);
        }
    }

    private static CaseSpace spaceOf(Policy p) {
        try {
            return CaseSpace.builder().maxBlocks(2).path(p.info().path()).build();
        } catch (InvalidInputException e) {
            throw new AssertionError(e);
        }
    }

    private static Inode inode(String layout, long size) throws InvalidInputException {
        return Inode.builder(Layout.parse(layout)).size(size).build();
    }

    private static WriteRequest write(long offset, long len) throws InvalidInputException {
        return WriteRequest.builder(offset, len).build();
    }

    /**
     * Files with one block allocated past i_size (fallocate's KEEP_SIZE, which the standard space does not have):
     * every layout of 2 or 3 blocks over H, U, W, i_size in the next-to-last block (at its end, or half-way into it),
     * every write at 512 B granularity inside the layout, NOWAIT x sync/async, IS_NOSEC.
     */
    static final class PreallocatedPastEof implements Cases {
        private static final int BS = 4096;
        private final List<Case> cases = new ArrayList<>();

        PreallocatedPastEof() {
            try {
                for (int n = 2; n <= 3; n++) {
                    for (int s = 0; s < Math.pow(3, n); s++) {
                        StringBuilder text = new StringBuilder();
                        for (int i = 0, v = s; i < n; i++, v /= 3) {
                            text.insert(0, "HUW".charAt(v % 3) + (i == 0 ? "" : " "));
                        }
                        Layout layout = Layout.parse(text.toString());
                        for (long size : new long[] {(n - 1L) * BS, (n - 1L) * BS - BS / 2}) {
                            Inode inode = Inode.builder(layout).size(size).build();
                            for (long len = 512; len <= n * BS; len += 512) {
                                for (long pos = 0; pos + len <= n * BS; pos += 512) {
                                    for (int flags = 0; flags < 4; flags++) {
                                        cases.add(new Case(cases.size(), inode, WriteRequest.builder(pos, len)
                                                .nowait((flags & 1) != 0).async((flags & 2) != 0).build()));
                                    }
                                }
                            }
                        }
                    }
                }
            } catch (InvalidInputException e) {
                throw new AssertionError(e);
            }
        }

        @Override
        public long size() {
            return cases.size();
        }

        @Override
        public void forEach(Consumer<Case> visitor) {
            cases.forEach(visitor);
        }

        @Override
        public String describe() {
            return "layouts of 2..3 blocks over {H,U,W}, one block allocated past i_size: " + cases.size() + " cases";
        }
    }

    private static List<String> names(List<Condition> conditions) {
        return conditions.stream().map(Condition::name).toList();
    }
}
