package org.locktable.dsl;

/** What a RWF_NOWAIT caller gets. */
public enum NowaitOutcome {
    EAGAIN, PROCEEDS, PROCEEDS_MAY_BLOCK, NOT_APPLICABLE
}
