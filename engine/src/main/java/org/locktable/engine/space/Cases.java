package org.locktable.engine.space;

import java.util.function.Consumer;

/** A finite, ordered set of cases: the standard {@link CaseSpace}, or a user's sweep. */
public interface Cases {
    /** The number of cases {@link #forEach} visits. */
    long size();

    /** Visits every case, smallest first, with consecutive indexes from 0. */
    void forEach(Consumer<Case> visitor);

    /** One sentence saying what the cases are, ending with their count. */
    String describe();
}
