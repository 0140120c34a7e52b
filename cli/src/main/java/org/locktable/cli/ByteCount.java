package org.locktable.cli;

import org.locktable.engine.text.ByteCounts;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Byte-count options ({@link ByteCounts}: {@code 4096}, {@code 4K}, {@code 1M}). */
final class ByteCount {
    static final String HELP = ByteCounts.HELP;

    private ByteCount() {
    }

    static long parse(String text) {
        try {
            return ByteCounts.parse(text);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    /** For {@code long} options. */
    static final class LongConverter implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return parse(value);
        }
    }

    /** For {@code int} options (sizes of blocks and sectors). */
    static final class IntConverter implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            long v = parse(value);
            if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
                throw new TypeConversionException("'" + value + "' is out of range (at most 2^31 - 1)");
            }
            return (int) v;
        }
    }
}
