package org.locktable.timing.validate;

/**
 * One recorded live run ({@code calibrate.LiveMain}, full plan), dated by the kernel it ran on. It is the only
 * machine-dependent text in {@code timing-validation.md}; a new recording replaces it (copy the section
 * {@code LiveMain --section FILE} writes). Empty when none is recorded.
 */
public final class RecordedLiveRun {
    private RecordedLiveRun() {
    }

    /** The recorded section, Markdown. */
    public static final String SECTION = "";
}
