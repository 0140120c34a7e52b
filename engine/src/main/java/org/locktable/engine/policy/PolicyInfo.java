package org.locktable.engine.policy;

import java.util.List;

import org.locktable.engine.model.InvalidInputException;

/**
 * A catalog entry: what a policy models and where it comes from, as its class's {@link PolicyMetadata} declares.
 *
 * @param id the stable identifier used by the CLI, the DSL and the tables, e.g. {@code ext4-base}
 * @param fileSystem the file system whose write path it models
 * @param path which writes the policy's own tables enumerate
 * @param kernel the kernel version or patch it mirrors
 * @param status merged into mainline, proposed on a list, or an RFC
 * @param seed the seed document it comes from
 * @param live the live-kernel versions it should match, or null when no released kernel has it
 * @param functions the kernel functions the policy class mirrors, with their files
 * @param inferred rules that were reconstructed rather than read in the kernel source
 * @param diffFrom the policies whose diff to this one the generated docs publish
 * @param summary what the README's policies table says it models
 */
public record PolicyInfo(
        String id,
        String title,
        FileSystem fileSystem,
        WritePath path,
        String kernel,
        Status status,
        String seed,
        KernelRange live,
        List<String> functions,
        List<String> inferred,
        List<String> diffFrom,
        String summary) {

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

    /** The {@link PolicyMetadata} of {@code type}, checked; a missing or malformed one is a {@link PolicyCatalogException}. */
    static PolicyInfo of(Class<?> type) {
        PolicyMetadata m = type.getAnnotation(PolicyMetadata.class);
        if (m == null) {
            throw new PolicyCatalogException("policy class " + type.getName() + " has no @"
                    + PolicyMetadata.class.getSimpleName() + " annotation");
        }
        if (!m.id().matches("[a-z0-9][a-z0-9.-]*")) {
            throw new PolicyCatalogException("policy class " + type.getName() + ": id \"" + m.id()
                    + "\" is not lower-case letters, digits, '.' and '-'");
        }
        return new PolicyInfo(m.id(), m.title(), m.fileSystem(), m.path(), m.kernel(), m.status(), m.seed(), live(type, m),
                List.of(m.functions()), List.of(m.inferred()), List.of(m.diffFrom()),
                m.summary().isEmpty() ? m.title() : m.summary());
    }

    private static KernelRange live(Class<?> type, PolicyMetadata m) {
        if (m.liveFrom().isEmpty()) {
            return null;
        }
        try {
            return new KernelRange(m.fileSystem(), KernelVersion.parse(m.liveFrom()),
                    m.liveUntil().isEmpty() ? null : KernelVersion.parse(m.liveUntil()));
        } catch (InvalidInputException e) {
            throw new PolicyCatalogException("policy class " + type.getName() + ": " + e.getMessage());
        }
    }
}
