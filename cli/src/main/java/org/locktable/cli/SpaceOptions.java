package org.locktable.cli;

import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.space.CaseSpace;

import picocli.CommandLine.Option;

/** The exhaustive case space of {@code table} and {@code diff}. */
final class SpaceOptions {
    @Option(names = "--blocks", paramLabel = "N",
            description = "Layouts of 1..N blocks (default: ${DEFAULT-VALUE}; at most 6: the space grows as 3^N x N^2).")
    int blocks = 4;

    @Option(names = "--granularity", paramLabel = "BYTES", converter = ByteCount.IntConverter.class,
            description = "Write offsets and lengths step by this many bytes (default: ${DEFAULT-VALUE}).")
    int granularity = 512;

    @Option(names = "--block-size", paramLabel = "BYTES", converter = ByteCount.IntConverter.class,
            description = "File system block size (default: ${DEFAULT-VALUE}).")
    int blockSize = 4096;

    CaseSpace build(WritePath path) throws InvalidInputException {
        return CaseSpace.builder().maxBlocks(blocks).granularity(granularity).blockSize(blockSize).path(path).build();
    }
}
