package org.locktable.engine.policy.builtin;

import java.util.List;

import org.locktable.engine.policy.Policy;

/**
 * The policies locktable ships, in catalog order (ext4 DIO history, XFS DIO, buffered paths); tables, docs and
 * the benchmarks depend on this order. Each class declares its own {@link PolicyMetadata}.
 */
public final class BuiltInPolicies {
    private static final Ext4Base EXT4_BASE = new Ext4Base();

    public static final List<Policy> ALL = List.of(
            new Ext4Overwrite2019(),
            new Ext4V510(),
            EXT4_BASE,
            new Ext4Patch1(),
            new Ext4Patch2(),
            new Ext4EofFix(),
            new XfsDioV511(),
            new XfsDio(),
            new XfsBuffered(),
            new XfsWritethroughNoserial(),
            new Ext4BufferedBh(EXT4_BASE),
            new Ext4BufferedBhDioWait(EXT4_BASE),
            new Ext4BufferedIomap(EXT4_BASE));

    private BuiltInPolicies() {
    }
}
