package org.locktable.engine.scenario;

import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Result;

/** "a serialises more than b": -EAGAIN where b goes ahead, or a stronger lock, a drain or a forced wait b lacks. */
public final class Strictness {
    private Strictness() {
    }

    public static boolean stricter(Decision a, Decision b) {
        boolean aRefused = a.result() == Result.EAGAIN;
        boolean bRefused = b.result() == Result.EAGAIN;
        if (aRefused || bRefused) {
            return aRefused && !bRefused;
        }
        return a.finalLock().compareTo(b.finalLock()) > 0 || (a.drain() && !b.drain()) || (a.forceWait() && !b.forceWait());
    }
}
