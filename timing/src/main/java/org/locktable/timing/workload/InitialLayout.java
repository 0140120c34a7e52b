package org.locktable.timing.workload;

/**
 * The extent map a file starts with.
 *
 * <ul>
 *   <li>{@link Kind#UNWRITTEN}: fio created it with {@code fallocate} (the default for write jobs without
 *       {@code overwrite}): all unwritten.</li>
 *   <li>{@link Kind#WRITTEN}: {@code overwrite=1} or read jobs: fio wrote the whole file first.</li>
 *   <li>{@link Kind#EMPTY}: {@code file_append=1} or {@code fallocate=none}: nothing allocated, writes extend
 *       or fill holes.</li>
 *   <li>{@link Kind#PATTERN}: a repeating stripe in the layout notation, e.g. seed 000's {@code "W U U W"}
 *       every 16 KiB (a synthetic layout no fio option makes).</li>
 * </ul>
 */
public record InitialLayout(Kind kind, String stripe) {
    public enum Kind {
        UNWRITTEN, WRITTEN, EMPTY, PATTERN
    }

    public static final InitialLayout UNWRITTEN = new InitialLayout(Kind.UNWRITTEN, null);
    public static final InitialLayout WRITTEN = new InitialLayout(Kind.WRITTEN, null);
    public static final InitialLayout EMPTY = new InitialLayout(Kind.EMPTY, null);

    public static InitialLayout pattern(String stripe) {
        return new InitialLayout(Kind.PATTERN, stripe);
    }
}
