package org.locktable.timing.sim;

/**
 * The simulator's events as the {@link EventQueue} holds them: the kind in the top bits, in the low
 * {@link #SLOT_BITS} the slot it is for (the file, for {@link #WRITEBACK_DONE}; nothing, for
 * {@link #HOST_WORKER_DONE}).
 */
final class SimEvent {
    static final int THINK_DONE = 0;
    static final int GRANTED = 1;
    static final int PRE_OP_DONE = 2;
    static final int MAIN_DONE = 3;
    static final int DRAINED = 4;
    static final int DEVICE_DONE = 5;
    static final int CONVERSION_DONE = 6;
    static final int LOG_FORCED = 7;
    static final int WRITEBACK_DONE = 8;
    static final int HOST_WORKER_DONE = 9;
    static final int PAGE_CONVERTED = 10;
    static final int PAGE_LEADER_AWAKE = 11;
    static final int SPIN_GRANTED = 12;
    static final int WRITER_WOKEN = 13;
    static final int WRITER_TRY = 14;
    static final int READER_SPIN_TIMEOUT = 15;

    static final int SLOT_BITS = 24;
    static final int SLOT_MASK = (1 << SLOT_BITS) - 1;

    private SimEvent() {
    }

    /** The event of {@code kind} with nothing or-ed in yet: what a component that adds the slot itself is given. */
    static int base(int kind) {
        return kind << SLOT_BITS;
    }

    /** The event of {@code kind} for {@code slot}. */
    static int of(int kind, int slot) {
        return kind << SLOT_BITS | slot;
    }

    static int kind(int event) {
        return event >>> SLOT_BITS;
    }

    static int slot(int event) {
        return event & SLOT_MASK;
    }
}
