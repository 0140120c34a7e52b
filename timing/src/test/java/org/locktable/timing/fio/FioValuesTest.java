package org.locktable.timing.fio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Values as the fio HOWTO "Parameter types" defines them. */
class FioValuesTest {

    @ParameterizedTest(name = "{0} = {1} bytes with kb_base=1024")
    @CsvSource({
        "4096, 4096",
        "4096b, 4096",
        "4096B, 4096",
        "4k, 4096",
        "4kb, 4096",
        "4kB, 4096",
        "4K, 4096",
        "4KB, 4096",
        "1m, 1048576",
        "1024k, 1048576",
        "1mi, 1000000",
        "1000ki, 1000000",
        "4kib, 4000",
        "4KiB, 4000",
        "1t, 1099511627776",
        "1024g, 1099511627776",
        "1048576m, 1099511627776",
        "1ti, 1000000000000",
        "1000mi, 1000000000",
        "1000000ki, 1000000000",
        "2G, 2147483648",
        "16G, 17179869184",
        "1p, 1125899906842624",
        "0x1000, 4096",
        "0X10, 16",
        "14336, 14336",
        "0, 0",
    })
    void sizesInCompatibilityMode(String text, long bytes) throws Exception {
        assertEquals(bytes, FioValues.bytes(text, 1024));
    }

    @ParameterizedTest(name = "{0} = {1} bytes with kb_base=1000")
    @CsvSource({
        "4096, 4096",
        "4ki, 4096",
        "4kib, 4096",
        "4KiB, 4096",
        "1mi, 1048576",
        "1024ki, 1048576",
        "1m, 1000000",
        "1000k, 1000000",
        "4k, 4000",
        "1ti, 1099511627776",
        "1t, 1000000000000",
    })
    void sizesWithKbBase1000(String text, long bytes) throws Exception {
        assertEquals(bytes, FioValues.bytes(text, 1000));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
        "(4k+4k)|8192",
        "(2*512m)|1073741824",
        "(1g/2)|536870912",
        "(5/2)|2",
        "(2^10)|1024",
        "(10%3)|1",
        "((1+1)k)|2048",
        "( 2 * ( 3 + 4 ) )|14",
        "(-2+6)|4",
        "(1.5*1g)|1610612736",
        "(0x10*2)|32",
        "(2*3^2)|18",
        "(1mi)|1000000",
    })
    void sizeExpressions(String text, long bytes) throws Exception {
        assertEquals(bytes, FioValues.bytes(text, 1024));
    }

    @Test
    void percentages() throws Exception {
        FioValues.Amount a = FioValues.amount("20%", 1024);
        assertTrue(a.isPercent());
        assertEquals(20, a.percent());
        assertFalse(FioValues.amount("20k", 1024).isPercent());
        assertThrows(FioValues.BadValue.class, () -> FioValues.amount("0%", 1024));
        assertThrows(FioValues.BadValue.class, () -> FioValues.amount("101%", 1024));
        assertThrows(FioValues.BadValue.class, () -> FioValues.bytes("20%", 1024));
    }

    @ParameterizedTest(name = "''{0}'' is not a size")
    @CsvSource(delimiter = '|', value = {
        "4q", "k4", "1.5g", "four", "-4k", "4 k", "(4k", "(4k))", "(1/0)", "(4x)", "()", "4kk", "(2^70)",
    })
    void malformedSizes(String text) {
        assertThrows(FioValues.BadValue.class, () -> FioValues.bytes(text, 1024));
    }

    @Test
    void emptySizeIsMalformed() {
        assertThrows(FioValues.BadValue.class, () -> FioValues.bytes("", 1024));
    }

    @ParameterizedTest(name = "{0} = {1} s")
    @CsvSource(delimiter = '|', value = {
        "30|30",
        "30s|30",
        "30sec|30",
        "2m|120",
        "1h|3600",
        "1d|86400",
        "500ms|0.5",
        "1500msec|1.5",
        "250000us|0.25",
        "250000usec|0.25",
        "10M|600",
        // Expressions: without a unit the option's unit (seconds); with one, bare numbers are microseconds,
        // and fio keeps a seconds option in whole seconds.
        "(10+20)|30",
        "(1m+30s)|90",
        "(2*1m)|120",
        "(1500ms)|1",
        "(1s+500000)|1",
        "(1s+1000000)|2",
    })
    void times(String text, double seconds) throws Exception {
        assertEquals(seconds, FioValues.seconds(text), 1e-9);
    }

    @ParameterizedTest(name = "''{0}'' is not a time")
    @CsvSource({"30x", "1min", "0x10", "1.5s", "abc", "(2k)"})
    void malformedTimes(String text) {
        assertThrows(FioValues.BadValue.class, () -> FioValues.seconds(text));
    }

    @Test
    void booleans() throws Exception {
        assertTrue(FioValues.bool("1"));
        assertFalse(FioValues.bool("0"));
        assertTrue(FioValues.bool("(1)"));
        assertFalse(FioValues.bool("(1-1)"));
        for (String bad : new String[] {"yes", "true", "2", "", "on"}) {
            assertThrows(FioValues.BadValue.class, () -> FioValues.bool(bad), bad);
        }
    }

    @Test
    void ranges() throws Exception {
        assertArrayEquals(new long[] {1024, 4096}, FioValues.range("1k-4k", 1024));
        assertArrayEquals(new long[] {1024, 4096}, FioValues.range("1k:4k", 1024));
        assertArrayEquals(new long[] {1024, 4096}, FioValues.range("4k-1k", 1024), "swapped");
        assertArrayEquals(new long[] {8192, 8192}, FioValues.range("8k", 1024));
        assertArrayEquals(new long[] {1024, 8192}, FioValues.range("1024-8192", 1024));
        assertArrayEquals(new long[] {2048, 4096}, FioValues.range("(1k*2)-(2k*2)", 1024));
        assertThrows(FioValues.BadValue.class, () -> FioValues.range("1k-", 1024));
        assertThrows(FioValues.BadValue.class, () -> FioValues.range("1k-4q", 1024));
    }

    @Test
    void integers() throws Exception {
        assertEquals(16, FioValues.integer("16", 1024));
        assertEquals(32, FioValues.integer("(16*2)", 1024));
        assertThrows(FioValues.BadValue.class, () -> FioValues.integer("99999999999", 1024));
    }
}
