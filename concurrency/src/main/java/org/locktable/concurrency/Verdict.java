package org.locktable.concurrency;

import java.util.List;
import java.util.Optional;

/**
 * SAFE or UNSAFE over every schedule, with how many schedules and distinct states were explored; {@code badRangeSets}
 * lists every distinct set of bad ranges some final state has (the counterexample shows the first). SAFE and UNSAFE
 * judge the lock decision only: a direct/buffered page-cache collision (README, SerialOracle) is reported apart, as
 * {@link #collision()} with its own shortest schedule and {@code collisionRangeSets}.
 */
public record Verdict(String policy, boolean safe, long schedules, int states, Optional<Counterexample> counterexample,
        List<String> badRangeSets, Optional<Counterexample> collision, List<String> collisionRangeSets) {
    /** {@link #schedules()} of a walk with more schedules than a long counts (three long writes over many blocks). */
    public static final long SCHEDULES_SATURATED = Long.MAX_VALUE;

    /** {@code a + b} for schedule counts, {@link #SCHEDULES_SATURATED} where the sum would overflow. */
    public static long sumSchedules(long a, long b) {
        long sum = a + b;
        return sum < 0 || a == SCHEDULES_SATURATED || b == SCHEDULES_SATURATED ? SCHEDULES_SATURATED : sum;
    }

    /** The schedule count as text: the number, or "more than 9223372036854775806" where it saturated. */
    public static String schedulesText(long schedules) {
        return schedules == SCHEDULES_SATURATED ? "more than " + (SCHEDULES_SATURATED - 1) : Long.toString(schedules);
    }

    /** A verdict with no collision. */
    public Verdict(String policy, boolean safe, long schedules, int states, Optional<Counterexample> counterexample,
            List<String> badRangeSets) {
        this(policy, safe, schedules, states, counterexample, badRangeSets, Optional.empty(), List.of());
    }

    /** {@code SAFE} or {@code UNSAFE}: the lock decision's verdict, as {@code --json} prints it. */
    public String word() {
        return safe ? "SAFE" : "UNSAFE";
    }

    /** Whether some schedule loses bytes to a direct/buffered page-cache collision. */
    public boolean collided() {
        return collision.isPresent();
    }

    /** {@link #word()}, qualified when a collision was found: what the text output of {@code race} says. */
    public String headline() {
        if (!collided()) {
            return word();
        }
        return safe ? "SAFE (apart from a direct/buffered page-cache collision the kernel warns about)"
                : "UNSAFE (and, apart from that, a direct/buffered page-cache collision the kernel warns about)";
    }
}
