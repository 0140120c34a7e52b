package org.locktable.concurrency;

import java.util.List;
import java.util.function.Function;
import org.locktable.engine.decision.Lock;

/** Taking the inode's i_rwsem as a step: take it now ({@link World#mayTake}), or queue and take it when woken ({@link World#queuedMayTake}). */
final class Rwsem {
    private Rwsem() {
    }

    /**
     * Adds operation {@code i}'s lock step to {@code steps}: {@code grant.apply(woken)} when it may take {@code lock}
     * (a queued operation: its queued lock), else a step that queues it behind the operations queued now.
     */
    static void request(World w, int i, Lock lock, List<Step> steps, Function<Boolean, Step> grant) {
        OpState o = w.op(i);
        if (o.phase() == Phase.WAITING) {
            if (w.queuedMayTake(i)) {
                steps.add(grant.apply(true));
            }
            return;
        }
        if (w.mayTake(i, lock)) {
            steps.add(grant.apply(false));
        } else {
            int ahead = w.waiting();
            steps.add(new Step(i, Step.Kind.WAIT, () -> "wait for " + lock.letter() + " (rwsem)",
                    w.with(i, o.waiting(lock, ahead), w.file())));
        }
    }
}
