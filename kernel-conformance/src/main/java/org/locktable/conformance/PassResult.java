package org.locktable.conformance;

import java.util.List;

/** A pass's outcome: one {@link FsResult} per file system, or the reason it could not run. */
public record PassResult(Pass pass, List<FsResult> results, String skipped) {
}
