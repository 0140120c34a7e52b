package org.locktable.concurrency;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.LockEntry;
import org.locktable.engine.policy.Policy;

/**
 * The engine's decisions for the direct writes of one race, asked at each step against the file as it is then: a
 * race's own cache keyed by a long, and one shared by every race in the JVM.
 */
final class DecisionCache {
    /**
     * The engine's decisions, shared by every race in the JVM (a sweep asks the same question for each partner of an
     * operation): keyed by policy, the inode's fixed fields, the mapping and i_size seen, the request and the detail.
     * Emptied when it grows past {@link #CACHE_LIMIT}.
     */
    private static final Map<DecisionKey, Decision> DECISIONS = new ConcurrentHashMap<>();
    private static final int CACHE_LIMIT = 200_000;

    /** The inode's fields besides its mapping and size, and the policy: what a cached decision also depends on. */
    private record TemplateKey(String policy, int blockSize, int logicalBlockSize, int dmaAlignment, boolean nosec,
            boolean dioreadNolock, boolean dioSupported) {
    }

    /** {@code blocks} is null when {@code code} says it all. */
    private record DecisionKey(TemplateKey template, long code, String blocks, long size, long offset, long length,
            boolean async, Detail detail, boolean restarted) {
    }

    private final Policy policy;
    private final Inode template;
    private final List<Operation> ops;
    private final WriteRequest[] requests;
    private final TemplateKey templateKey;
    private final Map<Long, Decision> local = new java.util.HashMap<>();

    DecisionCache(Policy policy, Inode template, List<Operation> ops) {
        this.policy = policy;
        this.template = template;
        this.ops = List.copyOf(ops);
        this.templateKey = new TemplateKey(policy.id(), template.blockSize(), template.logicalBlockSize(),
                template.dmaAlignment(), template.nosec(), template.dioreadNolock(), template.dioSupported());
        this.requests = new WriteRequest[ops.size()];
        for (int i = 0; i < ops.size(); i++) {
            requests[i] = ops.get(i).write() ? ops.get(i).request() : null;
        }
    }

    /** Operation {@code i}'s write as the engine takes it (null for an operation that is not a write). */
    WriteRequest request(int i) {
        return requests[i];
    }

    /**
     * The engine's decision for operation {@code i} against {@code file} with {@code iSize}: from this race's cache
     * (keyed by a long when the mapping fits 21 blocks and i_size is a whole number of sectors), else from the cache
     * shared by every race, else from the engine.
     */
    Decision decide(FileState file, long iSize, int i, Detail detail) {
        return decide(file, iSize, i, detail, false);
    }

    /** {@code restarted}: the checks re-run under the exclusive lock after a restart ({@link LockEntry#RESTARTED}). */
    Decision decide(FileState file, long iSize, int i, Detail detail, boolean restarted) {
        long code = file.blockCode();
        boolean packed = !restarted && code >= 0 && code < (1L << 63 - 17) && iSize % Sector.SIZE == 0 && iSize / Sector.SIZE < (1 << 12);
        long small = packed ? ((code << 12 | iSize / Sector.SIZE) << 4 | i) << 1 | detail.ordinal() : 0;
        if (packed) {
            Decision d = local.get(small);
            if (d != null) {
                return d;
            }
        }
        Operation op = ops.get(i);
        DecisionKey key = new DecisionKey(templateKey, code, code == -2 ? file.blockLetters() : null, iSize, op.offset(),
                op.length(), op.kind() == Operation.Kind.AIO_DIO, detail, restarted);
        Decision d = DECISIONS.get(key);
        if (d == null) {
            Inode inode = file.inode(template, iSize);
            d = policy.decide(inode, requests[i], detail, restarted ? LockEntry.RESTARTED : LockEntry.FIRST);
            if (d.result() != Result.OK) {
                throw new UnsupportedOperationException(policy.id() + " answers " + d.result() + " to " + op
                        + " on " + inode + "; the model races only writes that go ahead as direct I/O");
            }
            if (DECISIONS.size() > CACHE_LIMIT) {
                DECISIONS.clear();
            }
            DECISIONS.put(key, d);
        }
        if (packed) {
            local.put(small, d);
        }
        return d;
    }}
