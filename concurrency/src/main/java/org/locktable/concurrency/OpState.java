package org.locktable.concurrency;

import java.util.List;
import org.locktable.engine.decision.Lock;

/**
 * One operation's progress: its phase, the i_size it read before locking, the lock it holds, the lock it waits for
 * ({@code want}) and who was queued ahead of it on the rwsem ({@code ahead}, a bit mask), how often the lock decision
 * restarted, whether the call waits for completion (sync kiocb or FORCE_WAIT), the decision's drain, XFS's demote
 * after the drain and overwrite-only submission, its bios and which of them are still in flight. Immutable.
 */
final class OpState {
    private final Phase phase;
    private final long sampledSize;
    private final Lock held;
    private final Lock want;
    private final int ahead;
    private final int restarts;
    private final boolean returned;
    private final boolean drain;
    private final boolean waited;
    private final boolean demote;
    private final boolean overwriteOnly;
    private final List<Bio> bios;
    private final long inFlight;
    private final int biosHash;
    private int hash;

    OpState(Phase phase, long sampledSize, Lock held, Lock want, int ahead, int restarts, boolean returned, boolean drain, boolean waited, boolean demote, boolean overwriteOnly, List<Bio> bios, long inFlight) {
        this(phase, sampledSize, held, want, ahead, restarts, returned, drain, waited, demote, overwriteOnly, bios, inFlight,
                bios.hashCode());
    }

    private OpState(Phase phase, long sampledSize, Lock held, Lock want, int ahead, int restarts, boolean returned,
            boolean drain, boolean waited, boolean demote, boolean overwriteOnly, List<Bio> bios, long inFlight, int biosHash) {
        this.biosHash = biosHash;
        this.phase = phase;
        this.sampledSize = sampledSize;
        this.held = held;
        this.want = want;
        this.ahead = ahead;
        this.restarts = restarts;
        this.returned = returned;
        this.drain = drain;
        this.waited = waited;
        this.demote = demote;
        this.overwriteOnly = overwriteOnly;
        this.bios = bios;
        this.inFlight = inFlight;
    }

    Phase phase() {
        return phase;
    }

    long sampledSize() {
        return sampledSize;
    }

    Lock held() {
        return held;
    }

    Lock want() {
        return want;
    }

    int ahead() {
        return ahead;
    }

    int restarts() {
        return restarts;
    }

    boolean returned() {
        return returned;
    }

    boolean drain() {
        return drain;
    }

    boolean waited() {
        return waited;
    }

    boolean demote() {
        return demote;
    }

    boolean overwriteOnly() {
        return overwriteOnly;
    }

    List<Bio> bios() {
        return bios;
    }

    long inFlight() {
        return inFlight;
    }

    /** The bios' hash, computed once at submission and carried along (the list is shared by the states after it). */
    private int biosHash() {
        return biosHash;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof OpState x && hashCode() == x.hashCode() && phase == x.phase && sampledSize == x.sampledSize
                && held == x.held && want == x.want && ahead == x.ahead && restarts == x.restarts && returned == x.returned
                && drain == x.drain && waited == x.waited && demote == x.demote && overwriteOnly == x.overwriteOnly
                && inFlight == x.inFlight && bios.equals(x.bios);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = phase.ordinal();
            h = 31 * h + Long.hashCode(sampledSize);
            h = 31 * h + held.ordinal() * 4 + want.ordinal();
            h = 31 * h + ahead * 8 + restarts;
            h = 31 * h + (returned ? 1 : 0) + (drain ? 2 : 0) + (waited ? 4 : 0) + (demote ? 8 : 0) + (overwriteOnly ? 16 : 0);
            h = 31 * h + Long.hashCode(inFlight);
            h = 31 * h + biosHash();
            hash = h == 0 ? 1 : h;
        }
        return h;
    }

    @Override
    public String toString() {
        return "OpState[" + phase + " held " + held + " want " + want + " restarts " + restarts + " bios " + bios + " inFlight "
                + Long.toBinaryString(inFlight) + (returned ? " returned" : "") + "]";
    }

    static final long NOT_SAMPLED = -1;

    static OpState start() {
        return new OpState(Phase.START, NOT_SAMPLED, Lock.NONE, Lock.NONE, 0, 0, false, false, false, false, false,
                List.of(), 0);
    }

    boolean done() {
        return phase == Phase.DIO_ENDED && returned;
    }

    OpState at(Phase p) {
        return new OpState(p, sampledSize, held, want, ahead, restarts, returned, drain, waited, demote, overwriteOnly, bios,
                inFlight, biosHash);
    }

    OpState sampled(long size) {
        return new OpState(Phase.LOCKING, size, held, want, ahead, restarts, returned, drain, waited, demote, overwriteOnly,
                bios, inFlight, biosHash);
    }

    /** {@code size} noted (a fallocate's new size), at phase {@code p}. */
    OpState sampledAt(long size, Phase p) {
        return new OpState(p, size, held, want, ahead, restarts, returned, drain, waited, demote, overwriteOnly, bios,
                inFlight, biosHash);
    }

    /** Queued on the rwsem for {@code lock} behind the operations of {@code queuedAhead}. */
    OpState waiting(Lock lock, int queuedAhead) {
        return new OpState(Phase.WAITING, sampledSize, held, lock, queuedAhead, restarts, returned, drain, waited, demote,
                overwriteOnly, bios, inFlight, biosHash);
    }

    /** Holding {@code lock} with the decision settled; {@link Phase#LOCKED} drains next, {@link Phase#READY} submits. */
    OpState locked(Lock lock, boolean drains, boolean waits) {
        return locked(lock, drains, waits, false, false);
    }

    OpState locked(Lock lock, boolean drains, boolean waits, boolean demotes, boolean overwriteOnlyIo) {
        return new OpState(drains ? Phase.LOCKED : Phase.READY, sampledSize, lock, Lock.NONE, 0, restarts, returned, drains,
                waits, demotes, overwriteOnlyIo, bios, inFlight, biosHash);
    }

    /** Unlocked to take the lock again exclusive: the ext4 checks' restart, XFS's retry_exclusive. */
    OpState restarted() {
        return new OpState(Phase.LOCKING, sampledSize, Lock.NONE, Lock.NONE, 0, restarts + 1, returned, false, false, false,
                false, bios, inFlight, biosHash);
    }

    /** The drain done; an XFS demote leaves the lock shared. */
    OpState drained() {
        return new OpState(Phase.READY, sampledSize, demote ? Lock.SHARED : held, want, ahead, restarts, returned, drain,
                waited, false, overwriteOnly, bios, inFlight, biosHash);
    }

    OpState submitted(List<Bio> submitted) {
        long all = submitted.size() == 64 ? -1L : (1L << submitted.size()) - 1;
        return new OpState(Phase.SUBMITTED, sampledSize, held, want, ahead, restarts, returned, drain, waited, demote,
                overwriteOnly, List.copyOf(submitted), all);
    }

    OpState completedBio(int i) {
        return new OpState(phase, sampledSize, held, want, ahead, restarts, returned, drain, waited, demote, overwriteOnly, bios,
                inFlight & ~(1L << i), biosHash);
    }

    /**
     * A direct read submitted with the i_size it read at entry ({@code dio->i_size}): {@code bios} are its read bios
     * ({@code inFlight} of them still to complete) and the ranges already filled (holes and unwritten blocks read as
     * zeros without a bio).
     */
    OpState readSubmitted(long isize, List<Bio> readBios, long inFlightMask) {
        return new OpState(Phase.SUBMITTED, isize, held, want, ahead, restarts, returned, drain, waited, demote,
                overwriteOnly, List.copyOf(readBios), inFlightMask);
    }

    /** Read bio {@code b} completed: {@code captured} holds the sectors it read. */
    OpState readCompleted(int b, Bio captured) {
        List<Bio> copy = new java.util.ArrayList<>(bios);
        copy.set(b, captured);
        return new OpState(phase, sampledSize, held, want, ahead, restarts, returned, drain, waited, demote, overwriteOnly,
                List.copyOf(copy), inFlight & ~(1L << b));
    }

    /** A read that returned its bytes at once (a buffered read, or a direct read at or past EOF): what it read. */
    OpState readCopied(long isize, List<Bio> read) {
        return new OpState(Phase.COPIED, isize, held, want, ahead, restarts, returned, drain, waited, demote, overwriteOnly,
                List.copyOf(read), 0);
    }

    OpState unlockedAndReturned() {
        return new OpState(phase, sampledSize, Lock.NONE, want, ahead, restarts, true, drain, waited, demote, overwriteOnly,
                bios, inFlight, biosHash);
    }
}
