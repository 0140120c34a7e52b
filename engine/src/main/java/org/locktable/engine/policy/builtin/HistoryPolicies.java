package org.locktable.engine.policy.builtin;

import java.util.List;

import org.locktable.engine.policy.Policy;

/**
 * The direct-write policies of kernels locktable does not ship tables for: one per era of the lock, drain, wait and
 * zeroing rules of ext4 and XFS since v2.6.36, oldest first per file system. With the eras of {@link BuiltInPolicies}
 * they cover every release from v2.6.36 on ({@code --policy kernel:VERSION --fs FS}); {@code generated-docs/history.md}
 * runs the historical races under them. Each class names the commits that open and close its era. Last, the candidate
 * fixes of the races the history page finds still open in shipped kernels (no live range: no kernel runs them).
 */
public final class HistoryPolicies {
    public static final List<Policy> ALL = List.of(
            new Ext4V2636(),
            new Ext4V2638(),
            new Ext4V36(),
            new Ext4V413(),
            new Ext4V51(),
            new Ext4V52(),
            new Ext4V55(),
            new Ext4V56(),
            new Ext4V59(),
            new Ext4V64(),
            new XfsDioV2636(),
            new XfsDioV2638(),
            new XfsDioV31(),
            new XfsDioV315(),
            new XfsDioV43(),
            new XfsDioV410(),
            new XfsDioV413(),
            new XfsDioV414(),
            new XfsDioV420(),
            new XfsDioV51(),
            new XfsTruncateFix());

    private HistoryPolicies() {
    }
}
