package org.locktable.concurrency;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.model.Inode;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.Policy;

/**
 * The steps of every operation of a race, each kind's from its own class ({@link OperationSteps}: direct writes
 * {@link DirectWriteSteps}, buffered writes {@link BufferedSteps}, truncate, punch and fallocate {@link InodeSteps},
 * reads {@link ReadSteps}), and the partial-order reduction over them ({@link #reduced}).
 */
final class KernelSteps {
    private final Inode template;
    private final List<Operation> ops;
    private final OperationSteps[] byOp;

    KernelSteps(Policy policy, Inode template, List<Operation> ops) {
        this(policy, BufferedSteps.defaultPolicy(policy), template, ops);
    }

    KernelSteps(Policy policy, Policy bufferedPolicy, Inode template, List<Operation> ops) {
        this.template = template;
        this.ops = List.copyOf(ops);
        if (policy.readLocks().notModelled() != null && ops.stream().anyMatch(Operation::read)) {
            throw new PolicyNotReplayable(policy.id() + ": " + policy.readLocks().notModelled());
        }
        FileSystem fs = Race.lockSteps(policy).fileSystem();
        DirectWriteSteps direct = new DirectWriteSteps(policy, template, ops);
        BufferedSteps buffered = new BufferedSteps(bufferedPolicy, template, ops);
        InodeSteps inode = new InodeSteps(fs, policy.inodeOps(), ops);
        ReadSteps reads = new ReadSteps(policy.readLocks(), fs == FileSystem.XFS, ops);
        this.byOp = new OperationSteps[ops.size()];
        for (int i = 0; i < ops.size(); i++) {
            byOp[i] = switch (ops.get(i).kind()) {
                case AIO_DIO, DIO -> direct;
                case BUFFERED -> buffered;
                case TRUNCATE, PUNCH, FALLOCATE -> inode;
                case DIO_READ, AIO_DIO_READ, BUFFERED_READ -> reads;
            };
        }
    }

    /** The first state of operation {@code i}. */
    OpState start(int i) {
        return byOp[i].start(i);
    }

    /** Every step any operation can take next. */
    List<Step> enabled(World w) {
        List<Step> steps = new ArrayList<>(8);
        for (int i = 0; i < ops.size(); i++) {
            byOp[i].enabled(w, i, steps);
        }
        return steps;
    }

    /**
     * {@link #enabled}, reduced: when some enabled bio completion touches no sector any other unfinished operation can
     * still read or write ({@link #footprints}), that completion alone — it commutes with every step the others can take
     * before it, so it is a persistent set of one (README: partial-order reduction); otherwise every enabled step.
     */
    List<Step> reduced(World w) {
        List<Step> all = enabled(w);
        if (all.size() < 2 || w.file().sectors() > 64) {
            return all;
        }
        long[] foot = null;
        for (Step s : all) {
            if (s.kind() != Step.Kind.BIO) {
                continue;
            }
            if (foot == null) {
                foot = footprints(w);
            }
            long mine = sectorMask(s.bio().start(), s.bio().end());
            boolean independent = true;
            for (int j = 0; j < foot.length && independent; j++) {
                independent = j == s.op() || (foot[j] & mine) == 0;
            }
            if (independent) {
                return List.of(s);
            }
        }
        return all;
    }

    private static long sectorMask(long start, long end) {
        int from = (int) (start / Sector.SIZE);
        int to = (int) (end / Sector.SIZE);
        long upTo = to >= 64 ? -1L : (1L << to) - 1;
        return upTo & -(1L << from);
    }

    /** Per operation, the sectors it may still read or write on the disk: its kind's {@link OperationSteps#footprint}. */
    private long[] footprints(World w) {
        long[] foot = new long[ops.size()];
        long bs = template.blockSize();
        long all = sectorMask(0, (long) w.file().sectors() * Sector.SIZE);
        for (int j = 0; j < ops.size(); j++) {
            Operation op = ops.get(j);
            OpState o = w.op(j);
            long blocks = sectorMask(op.offset() / bs * bs, Math.min((op.end() + bs - 1) / bs * bs,
                    (long) w.file().sectors() * Sector.SIZE));
            long inFlight = 0;
            for (int b = 0; b < o.bios().size(); b++) {
                if ((o.inFlight() & (1L << b)) != 0) {
                    inFlight |= sectorMask(o.bios().get(b).start(), o.bios().get(b).end());
                }
            }
            foot[j] = byOp[j].footprint(w, j, blocks, inFlight, all);
        }
        return foot;
    }
}
