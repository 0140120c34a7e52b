package org.locktable.timing.fio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Shell word splitting of fio command lines. */
class CommandLineTest {

    @Test
    void blanksSeparateWords() {
        assertEquals(List.of("fio", "--bs=4k", "--rw=write"), CommandLine.split("  fio --bs=4k\t--rw=write \n"));
    }

    @Test
    void backslashNewlineJoinsWithoutABlank() {
        // Seed 002, Table 4: "--overwrite=1\" then a new line "--sync_file_range=..." is ONE word for fio.
        assertEquals(List.of("--overwrite=1--sync_file_range=wait_before,write:16"),
                CommandLine.split("--overwrite=1\\\n--sync_file_range=wait_before,write:16"));
        assertEquals(List.of("--rw=write", "--iodepth=32"), CommandLine.split("--rw=write \\\n--iodepth=32"));
        assertEquals(List.of("--rw=write", "--iodepth=32"), CommandLine.split("--rw=write \\\r\n--iodepth=32"));
    }

    @Test
    void escapesAndQuotes() {
        assertEquals(List.of("--filename_format=.test_file.$jobnum"),
                CommandLine.split("--filename_format=.test_file.\\$jobnum"));
        assertEquals(List.of("--description=two words"), CommandLine.split("--description='two words'"));
        assertEquals(List.of("--description=say \"hi\" $x"),
                CommandLine.split("--description=\"say \\\"hi\\\" \\$x\""));
        assertEquals(List.of("--filename=a b"), CommandLine.split("--filename=a\\ b"));
        assertEquals(List.of("--x=it's"), CommandLine.split("--x=it\\'s"));
        assertEquals(List.of("--a=\\n"), CommandLine.split("--a='\\n'"));
        assertEquals(List.of(""), CommandLine.split("''"));
    }

    @Test
    void commentWordEndsTheLine() {
        assertEquals(List.of("--bs=4k", "--size=1g"), CommandLine.split("--bs=4k # the block size\n--size=1g"));
        assertEquals(List.of("--name=a#b"), CommandLine.split("--name=a#b"));
    }

    @Test
    void unterminatedQuotesAreErrors() {
        FioParseException e = assertThrows(FioParseException.class, () -> CommandLine.split("--name='job"));
        assertEquals("--name='job", e.argument());
        assertEquals(FioJobFile.COMMAND_LINE, e.source());
        assertThrows(FioParseException.class, () -> CommandLine.split("--name=\"job"));
    }
}
