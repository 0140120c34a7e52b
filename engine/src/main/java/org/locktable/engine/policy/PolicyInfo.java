package org.locktable.engine.policy;

import java.util.List;

/**
 * A catalog entry: what a policy models and where it comes from.
 *
 * @param id the stable identifier used by the CLI, the DSL and the tables, e.g. {@code ext4-base}
 * @param fileSystem {@code ext4} or {@code xfs}
 * @param path which writes the policy's own tables enumerate
 * @param kernel the kernel version or patch it mirrors
 * @param status merged into mainline, proposed on a list, or an RFC
 * @param seed the seed document it comes from
 * @param live the live-kernel versions it should match, or null when no released kernel has it
 * @param functions the kernel functions the policy class mirrors, with their files
 * @param inferred rules that were reconstructed rather than read in the kernel source
 */
public record PolicyInfo(
        String id,
        String title,
        String fileSystem,
        WritePath path,
        String kernel,
        Status status,
        String seed,
        KernelRange live,
        List<String> functions,
        List<String> inferred) {

    public enum Status {
        MERGED, PROPOSED, RFC;

        public String label() {
            return this == MERGED ? "merged" : this == PROPOSED ? "proposed" : "RFC";
        }
    }

    /** The kind of write a policy is about; its tables enumerate writes of this kind. */
    public enum WritePath {
        DIRECT, BUFFERED, WRITETHROUGH_NOSERIAL
    }
}
