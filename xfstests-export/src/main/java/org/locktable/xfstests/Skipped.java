package org.locktable.xfstests;

/** Something not exported, and why: a scenario, or a decision-table row without a probe-able case. */
public record Skipped(String what, String why) {
}
