package org.locktable.concurrency;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.locktable.engine.model.Inode;
import org.locktable.engine.policy.LockSteps;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;

/** The oracle's entry point: every schedule of {@code ops} on {@code inode} under {@code policy}, judged by {@link SerialOracle}. */
public final class Race {
    private Race() {
    }

    /** Every schedule ({@link Exploration#FULL}). */
    public static Verdict explore(Policy policy, Inode inode, List<Operation> ops) {
        return explore(policy, inode, ops, Exploration.FULL);
    }

    /** Every schedule, or every schedule up to the order of independent bio completions ({@link Exploration#REDUCED}). */
    public static Verdict explore(Policy policy, Inode inode, List<Operation> ops, Exploration exploration) {
        return explore(policy, inode, ops, exploration, ExplorationBudget.standard());
    }

    /** As above, within {@code budget} ({@link ExplorationTooLarge} past it). */
    public static Verdict explore(Policy policy, Inode inode, List<Operation> ops, Exploration exploration,
            ExplorationBudget budget) {
        return explore(policy, BufferedSteps.defaultPolicy(policy), inode, ops, exploration, budget);
    }

    /**
     * The kernel write path {@code policy} is built on, which the oracle replays; a policy that declares none is refused
     * with the reason ({@link PolicyNotReplayable}), since its steps (where it reads i_size, restarts, demotes) would be a
     * guess.
     */
    public static LockSteps lockSteps(Policy policy) {
        LockSteps steps = policy.lockSteps();
        if (steps == LockSteps.UNDECLARED) {
            throw new PolicyNotReplayable(policy.id() + " is not built on a kernel write path (Ext4DioWriteIter, "
                    + "Ext4FileWriteIter, XfsDioWrite, XfsFileWriteIter) and declares no lock steps (Policy.lockSteps()): "
                    + "the race model cannot know where it reads i_size, restarts or demotes");
        }
        if (steps.fileSystem() != policy.info().fileSystem()) {
            throw new PolicyNotReplayable(policy.id() + " is a policy of " + policy.info().fileSystem()
                    + " built on the " + steps.fileSystem() + " write path (" + steps + ")");
        }
        return steps;
    }

    /**
     * Every schedule with buffered operations under {@code buffered} instead of the file system's default buffered
     * policy: a kernel whose buffered path differs (Debian's 6.12.117 ext4 drains direct I/O first).
     */
    public static Verdict explore(Policy policy, Policy buffered, Inode inode, List<Operation> ops, Exploration exploration) {
        return explore(policy, buffered, inode, ops, exploration, ExplorationBudget.standard());
    }

    /**
     * As above, within {@code budget}: a walk that would pass it ends with {@link ExplorationTooLarge}, which says how far
     * it got and how to shrink the case.
     */
    public static Verdict explore(Policy policy, Policy buffered, Inode inode, List<Operation> ops, Exploration exploration,
            ExplorationBudget budget) {
        if (buffered.info().path() != PolicyInfo.WritePath.BUFFERED
                || buffered.info().fileSystem() != policy.info().fileSystem()) {
            throw new UnsupportedOperationException(buffered.id() + " is not a buffered-write policy of "
                    + policy.info().fileSystem());
        }
        lockSteps(policy);
        if (ops.size() < 1 || ops.size() > 4) {
            throw new IllegalArgumentException("the model races one to four operations, got " + ops.size());
        }
        if (policy.info().path() != PolicyInfo.WritePath.DIRECT) {
            throw new UnsupportedOperationException(policy.id() + " is a policy of " + policy.info().path()
                    .name().toLowerCase(java.util.Locale.ROOT) + " writes; give the direct-write policy (a buffered operation runs"
                    + " under its file system's buffered policy)");
        }
        FileState file = FileState.initial(inode, ops);
        KernelSteps kernel = new KernelSteps(policy, buffered, inode, ops);
        List<OpState> start = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            start.add(kernel.start(i));
        }
        World initial = new World(file, List.copyOf(start));
        SerialOracle oracle = new SerialOracle(file, ops);
        Explorer.Result r;
        long started = System.nanoTime();
        try {
            r = new Explorer(kernel, oracle, exploration, budget).explore(initial);
        } catch (OutOfMemoryError full) { // the walk's states are unreachable once it has thrown: the heap is back
            throw ExplorationTooLarge.outOfMemory(java.time.Duration.ofNanos(System.nanoTime() - started));
        }
        Optional<Counterexample> cx = counterexample(ops, initial, r.shortestUnsafe(), r.unsafeEnd(), oracle, false);
        Optional<Counterexample> collision = counterexample(ops, initial, r.shortestCollision(), r.collisionEnd(), oracle, true);
        return new Verdict(policy.id(), cx.isEmpty(), r.schedules(), r.states(), cx, r.badRangeSets(), collision,
                r.collisionRangeSets());
    }

    private static Optional<Counterexample> counterexample(List<Operation> ops, World initial, List<Step> schedule, World end,
            SerialOracle oracle, boolean collision) {
        if (end == null) {
            return Optional.empty();
        }
        SerialOracle.Judgement j = oracle.judge(end);
        return Optional.of(new Counterexample(() -> Timeline.steps(schedule), collision ? j.collision() : j.bad(),
                () -> Timeline.draw(ops, initial, schedule), () -> Timeline.contents(end.file().writtenBack())));
    }
}
