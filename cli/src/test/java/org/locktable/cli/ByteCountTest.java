package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import picocli.CommandLine.TypeConversionException;

class ByteCountTest {
    @Test
    void plainAndSuffixed() {
        assertEquals(0L, ByteCount.parse("0"));
        assertEquals(4096L, ByteCount.parse("4096"));
        assertEquals(4096L, ByteCount.parse("4K"));
        assertEquals(4096L, ByteCount.parse("4k"));
        assertEquals(4096L, ByteCount.parse("4KiB"));
        assertEquals(1048576L, ByteCount.parse("1M"));
        assertEquals(3221225472L, ByteCount.parse("3G"));
        assertEquals(1099511627776L, ByteCount.parse("1T"));
        assertEquals(-512L, ByteCount.parse("-512"));
        assertEquals(Long.MAX_VALUE, ByteCount.parse("9223372036854775807"));
        assertEquals(9223370937343148032L, ByteCount.parse("8388607T"), "2^63 - 2^40");
    }

    @Test
    void rejectsWhatIsNotACount() {
        for (String bad : new String[] {"", "abc", "1.5", "K", "4 K", "0x10", "--1", "4KB", "9223372036854775808", "8388608T"}) {
            assertThrows(TypeConversionException.class, () -> ByteCount.parse(bad), bad);
        }
        assertThrows(TypeConversionException.class, () -> new ByteCount.IntConverter().convert("2G"));
        assertEquals(65536, new ByteCount.IntConverter().convert("64K"));
    }
}
