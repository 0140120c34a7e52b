package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Callable;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import picocli.CommandLine.Command;

/** Every bad input: exit 2, nothing on stdout, one line on stderr naming the problem, no stack trace. */
class ErrorsTest {

    static Stream<Arguments> badInputs() {
        return Stream.of(
                bad("unknown policy \"ext4-bsae\"; did you mean \"ext4-base\"?",
                        "decide", "--policy", "ext4-bsae", "--layout", "W", "--offset", "0", "--len", "4096"),
                bad("layout \"W U U Q\", column 7",
                        "decide", "--policy", "ext4-base", "--layout", "W U U Q", "--offset", "0", "--len", "4096"),
                bad("layout \"W u\", column 3", "decide", "--policy", "ext4-base", "--layout", "W u", "--offset", "0", "--len", "1"),
                bad("empty layout", "decide", "--policy", "ext4-base", "--layout", "", "--offset", "0", "--len", "1"),
                bad("'--offset': 'abc'", "decide", "--policy", "ext4-base", "--layout", "W", "--offset", "abc", "--len", "1"),
                bad("'--len': '1.5'", "decide", "--policy", "ext4-base", "--layout", "W", "--offset", "0", "--len", "1.5"),
                bad("offset -1 is negative", "decide", "--policy", "ext4-base", "--layout", "W", "--offset", "-1", "--len", "1"),
                bad("length 0", "decide", "--policy", "ext4-base", "--layout", "W", "--offset", "0", "--len", "0"),
                bad("'--offset': '9223372036854775808'",
                        "decide", "--policy", "ext4-base", "--layout", "W", "--offset", "9223372036854775808", "--len", "1"),
                bad("'--offset': '9000000T'",
                        "decide", "--policy", "ext4-base", "--layout", "W", "--offset", "9000000T", "--len", "1"),
                bad("ends beyond the largest file offset",
                        "decide", "--policy", "ext4-base", "--layout", "W", "--offset", "9223372036854775000", "--len", "4096"),
                bad("'--mode': '4758' is not a permission mode",
                        "decide", "--policy", "xfs-dio", "--layout", "W", "--mode", "4758", "--offset", "0", "--len", "4096"),
                bad("'--mode': '14755' is not a permission mode",
                        "decide", "--policy", "xfs-dio", "--layout", "W", "--mode", "14755", "--offset", "0", "--len", "4096"),
                bad("'--kernel': no kernel image bogus:1", "kernel", "privilege", "--kernel", "bogus:1"),
                bad("file size -1 is negative",
                        "decide", "--policy", "ext4-base", "--layout", "W", "--size", "-1", "--offset", "0", "--len", "1"),
                bad("i_disksize 8192 is larger than i_size 4096",
                        "decide", "--policy", "ext4-base", "--layout", "W", "--disk-size", "8192", "--offset", "0", "--len", "1"),
                bad("block size 3000", "decide", "--policy", "ext4-base", "--layout", "W", "--block-size", "3000",
                        "--offset", "0", "--len", "1"),
                bad("'--block-size': '8G' is out of range", "decide", "--policy", "ext4-base", "--layout", "W",
                        "--block-size", "8G", "--offset", "0", "--len", "1"),
                bad("logical block size 256", "decide", "--policy", "ext4-base", "--layout", "W", "--lbs", "256",
                        "--offset", "0", "--len", "1"),
                bad("buffer alignment 3", "decide", "--policy", "ext4-base", "--layout", "W", "--buffer-align", "3",
                        "--offset", "0", "--len", "1"),
                bad("missing required options: --policy=ID, --offset=BYTES, --len=BYTES", "decide", "--layout", "W"),
                bad("missing required option: --layout=LAYOUT",
                        "decide", "--policy", "ext4-base", "--offset", "0", "--len", "1"),
                bad("'--offset'", "decide", "--policy", "ext4-base", "--layout", "W", "--len", "1", "--offset"),
                bad("should be specified only once",
                        "decide", "--policy", "ext4-base", "--layout", "W", "--offset", "0", "--offset", "1", "--len", "1"),
                bad("Unknown option: '--frobnicate'", "decide", "--frobnicate"),
                bad("'polices'", "polices"),
                bad("no command given"),
                bad("'--policy=ID'", "table"),
                bad("'B'", "diff", "ext4-base"),
                bad("'extra'", "policies", "extra"));
    }

    private static Arguments bad(String expectedFragment, String... args) {
        return Arguments.of(expectedFragment, args);
    }

    @ParameterizedTest
    @MethodSource("badInputs")
    void oneLineOnStderrAndExitTwo(String expectedFragment, String[] args) {
        Cli.Run r = Cli.run(args);
        assertEquals(2, r.code(), r::toString);
        assertEquals("", r.out(), r::toString);
        assertEquals(1, r.errLines().size(), r::toString);
        String line = r.errLines().get(0);
        assertTrue(line.startsWith("locktable: "), line);
        assertTrue(line.contains(expectedFragment), () -> "expected '" + expectedFragment + "' in: " + line);
        assertFalse(line.contains("at org.") || line.contains("at picocli.") || line.contains("Exception"), line);
    }

    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalStateException("kaput\nsecond line");
        }
    }

    @Test
    void unexpectedExceptionIsAnInternalErrorWithExitSeventy() {
        Cli.Run r = Cli.runWith(new Boom(), "boom", "boom");
        assertEquals(70, r.code(), r::toString);
        assertEquals("", r.out());
        assertEquals("locktable: internal error: java.lang.IllegalStateException: kaput; second line\n", r.err());
    }
}
