package org.locktable.concurrency;

import java.util.Locale;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.WriteRequest;

/**
 * One write racing on the inode: {@code aio-dio OFF+LEN} (libaio / io_uring submit), {@code dio OFF+LEN} (sync pwrite)
 * or {@code buffered OFF+LEN [fsync]} (pwrite through the page cache, then optionally fsync).
 */
public record Operation(Kind kind, long offset, long length, boolean fsync) {

    public enum Kind {
        AIO_DIO("aio-dio", true), DIO("dio", false), BUFFERED("buffered", false);

        private final String word;
        private final boolean async;

        Kind(String word, boolean async) {
            this.word = word;
            this.async = async;
        }

        public String word() {
            return word;
        }

        static Kind ofWord(String w) {
            for (Kind k : values()) {
                if (k.word.equals(w)) {
                    return k;
                }
            }
            return null;
        }
    }

    public Operation(Kind kind, long offset, long length) {
        this(kind, offset, length, false);
    }

    public Operation {
        if (fsync && kind != Kind.BUFFERED) {
            throw new IllegalArgumentException("only a buffered write takes fsync");
        }
        if (offset < 0 || length <= 0 || offset % Sector.SIZE != 0 || length % Sector.SIZE != 0) {
            throw new IllegalArgumentException("an operation needs a 512-byte-aligned offset >= 0 and length > 0, got "
                    + offset + "+" + length);
        }
    }

    public static Operation aio(long offset, long length) {
        return new Operation(Kind.AIO_DIO, offset, length);
    }

    public static Operation dio(long offset, long length) {
        return new Operation(Kind.DIO, offset, length);
    }

    public static Operation buffered(long offset, long length, boolean fsync) {
        return new Operation(Kind.BUFFERED, offset, length, fsync);
    }

    public boolean buffered() {
        return kind == Kind.BUFFERED;
    }

    /** Parses {@code "aio-dio 5120+1024"} or {@code "buffered 6144+1024 fsync"}; the message names what is wrong. */
    public static Operation parse(String text) throws InvalidInputException {
        String[] words = text.trim().split("\\s+");
        boolean fsync = words.length == 3 && "fsync".equals(words[2].toLowerCase(Locale.ROOT));
        boolean shaped = words.length == 2 || fsync;
        Kind kind = shaped ? Kind.ofWord(words[0].toLowerCase(Locale.ROOT)) : null;
        String[] range = shaped ? words[1].split("\\+") : new String[0];
        if (kind == null || range.length != 2 || (fsync && kind != Kind.BUFFERED)) {
            throw new InvalidInputException("op", "'" + text
                    + "' is not 'aio-dio OFF+LEN', 'dio OFF+LEN' or 'buffered OFF+LEN [fsync]'");
        }
        try {
            return new Operation(kind, Long.parseLong(range[0]), Long.parseLong(range[1]), fsync);
        } catch (NumberFormatException e) {
            throw new InvalidInputException("op", "'" + words[1] + "' is not OFF+LEN in bytes");
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("op", e.getMessage());
        }
    }

    public long end() {
        return offset + length;
    }

    public WriteRequest request() {
        try {
            return WriteRequest.builder(offset, length).direct(kind != Kind.BUFFERED).async(kind.async).build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException("a checked operation made an invalid write: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return kind.word + " " + offset + "+" + length + (fsync ? " fsync" : "");
    }
}
