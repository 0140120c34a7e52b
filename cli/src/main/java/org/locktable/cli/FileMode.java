package org.locktable.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --mode}: permission bits in octal as chmod(1) takes them, {@code 4755}, {@code 2775}, {@code 0644}. */
final class FileMode implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
        String s = value.trim();
        if (s.isEmpty() || s.length() > 4 || !s.chars().allMatch(ch -> ch >= '0' && ch <= '7')) {
            throw new TypeConversionException("'" + value + "' is not a permission mode: one to four octal digits, "
                    + "as chmod takes them (4755 set-uid, 2775 set-gid with group-exec)");
        }
        return Integer.parseInt(s, 8);
    }
}
