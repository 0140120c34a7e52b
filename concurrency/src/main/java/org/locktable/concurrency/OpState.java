package org.locktable.concurrency;

import java.util.List;
import org.locktable.engine.decision.Lock;

/**
 * One operation's progress: its phase, the i_size it sampled, the lock it holds, the decision's drain and wait, its
 * bios and which of them are still in flight. Immutable.
 */
record OpState(Phase phase, long sampledSize, Lock held, boolean returned, boolean drain, boolean waited,
        List<Bio> bios, long inFlight) {

    static final long NOT_SAMPLED = -1;

    static OpState start() {
        return new OpState(Phase.START, NOT_SAMPLED, Lock.NONE, false, false, false, List.of(), 0);
    }

    boolean done() {
        return phase == Phase.DIO_ENDED && returned;
    }

    OpState at(Phase p) {
        return new OpState(p, sampledSize, held, returned, drain, waited, bios, inFlight);
    }

    OpState sampled(long size) {
        return new OpState(Phase.LOCKING, size, held, returned, drain, waited, bios, inFlight);
    }

    OpState locked(Lock lock, boolean drains, boolean waits) {
        return new OpState(Phase.LOCKED, sampledSize, lock, returned, drains, waits, bios, inFlight);
    }

    OpState submitted(List<Bio> submitted) {
        long all = submitted.size() == 64 ? -1L : (1L << submitted.size()) - 1;
        return new OpState(Phase.SUBMITTED, sampledSize, held, returned, drain, waited, submitted, all);
    }

    OpState completedBio(int i) {
        return new OpState(phase, sampledSize, held, returned, drain, waited, bios, inFlight & ~(1L << i));
    }

    OpState unlockedAndReturned() {
        return new OpState(phase, sampledSize, Lock.NONE, true, drain, waited, bios, inFlight);
    }

    void appendKey(StringBuilder key) {
        key.append(phase.ordinal()).append(',').append(sampledSize).append(',').append(held.ordinal())
                .append(returned ? 'r' : '-').append(drain ? 'd' : '-').append(waited ? 'w' : '-')
                .append(bios).append(',').append(inFlight).append(';');
    }
}
