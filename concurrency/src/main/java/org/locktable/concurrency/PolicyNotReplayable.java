package org.locktable.concurrency;

/**
 * The oracle cannot replay this policy's steps (it declares no kernel write path, or declares another file system's):
 * refused as a whole, with the reason, rather than case by case.
 */
public final class PolicyNotReplayable extends UnsupportedOperationException {
    private static final long serialVersionUID = 1L;

    PolicyNotReplayable(String message) {
        super(message);
    }
}
