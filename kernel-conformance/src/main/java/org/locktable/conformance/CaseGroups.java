package org.locktable.conformance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.space.CaseSpace;

/**
 * The part of a {@link CaseSpace} the live kernel can grade — NOWAIT, synchronous (pwritev2 cannot issue an async
 * kiocb) — grouped by inode (layout, {@code i_size}, IS_NOSEC), so that each file is built once and all its
 * writes are probed on it. Groups and writes keep the space's order; each write keeps its case index, so the
 * first failure found is the space's minimal one.
 */
public final class CaseGroups {
    /** One write of a group: its case index in the space and the request (NOWAIT, sync). */
    public record Write(long index, WriteRequest request) {
    }

    /** One file to build and the writes to probe on it. */
    public record Group(Inode inode, List<Write> writes) {
        public long firstIndex() {
            return writes.get(0).index();
        }
    }

    private CaseGroups() {
    }

    /**
     * The groups of {@code space}, with every inode given the logical block size {@code lbs} (512, or 4096 for a
     * 4Kn device). Groups come in the order of their first case.
     */
    public static List<Group> of(CaseSpace space, int lbs) {
        Map<Inode, List<Write>> groups = new LinkedHashMap<>();
        Map<Inode, Inode> withLbs = new LinkedHashMap<>();
        space.forEach(c -> {
            if (!c.request().nowait() || c.request().async()) {
                return;
            }
            Inode inode = withLbs.computeIfAbsent(c.inode(), i -> lbs == i.logicalBlockSize() ? i : relbs(i, lbs));
            groups.computeIfAbsent(inode, k -> new ArrayList<>()).add(new Write(c.index(), c.request()));
        });
        List<Group> out = new ArrayList<>();
        groups.forEach((inode, writes) -> out.add(new Group(inode, List.copyOf(writes))));
        out.sort((a, b) -> Long.compare(a.firstIndex(), b.firstIndex()));
        return List.copyOf(out);
    }

    public static long cases(List<Group> groups) {
        long n = 0;
        for (Group g : groups) {
            n += g.writes().size();
        }
        return n;
    }

    private static Inode relbs(Inode i, int lbs) {
        try {
            return i.toBuilder().logicalBlockSize(lbs).build();
        } catch (InvalidInputException e) {
            throw new IllegalArgumentException("logical block size " + lbs + ": " + e.getMessage(), e);
        }
    }
}
