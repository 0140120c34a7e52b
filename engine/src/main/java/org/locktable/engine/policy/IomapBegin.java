package org.locktable.engine.policy;

import org.locktable.engine.decision.Segment;
import org.locktable.engine.model.Layout;

/**
 * One file system's {@code ->iomap_begin} for a direct write: the mapping for {@code [cur, to)},
 * trimmed to the byte range the DIO layer issues with it (spec §2.5).
 */
public interface IomapBegin {
    Segment begin(DecisionBuilder b, Layout layout, long cur, long to);
}
