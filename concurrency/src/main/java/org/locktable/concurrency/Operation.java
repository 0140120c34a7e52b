package org.locktable.concurrency;

import java.util.Locale;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.text.ByteCounts;

/**
 * One operation racing on the inode: {@code aio-dio OFF+LEN} (libaio / io_uring submit), {@code dio OFF+LEN} (sync
 * pwrite), {@code buffered OFF+LEN [fsync]} (pwrite through the page cache, then optionally fsync), {@code truncate
 * SIZE} (ftruncate, shrink or grow), {@code punch OFF+LEN} (fallocate PUNCH_HOLE | KEEP_SIZE), {@code fallocate
 * OFF+LEN} (fallocate mode 0: unwritten blocks, i_size grows), or a read: {@code dio-read OFF+LEN} (sync O_DIRECT
 * pread), {@code aio-dio-read OFF+LEN} (libaio / io_uring) or {@code buffered-read OFF+LEN} (pread through the page
 * cache). A truncate's {@code offset} is the new size, its length 0.
 */
public record Operation(Kind kind, long offset, long length, boolean fsync) {

    public enum Kind {
        AIO_DIO("aio-dio", true), DIO("dio", false), BUFFERED("buffered", false), TRUNCATE("truncate", false),
        PUNCH("punch", false), FALLOCATE("fallocate", false), DIO_READ("dio-read", false),
        AIO_DIO_READ("aio-dio-read", true), BUFFERED_READ("buffered-read", false);

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
        if (kind == Kind.TRUNCATE) {
            if (offset < 0 || offset % Sector.SIZE != 0 || length != 0) {
                throw new IllegalArgumentException("a truncate needs a 512-byte-aligned size >= 0, got " + offset);
            }
        } else if (offset < 0 || length <= 0 || offset % Sector.SIZE != 0 || length % Sector.SIZE != 0) {
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

    public static Operation truncate(long size) {
        return new Operation(Kind.TRUNCATE, size, 0);
    }

    public static Operation punch(long offset, long length) {
        return new Operation(Kind.PUNCH, offset, length);
    }

    public static Operation fallocate(long offset, long length) {
        return new Operation(Kind.FALLOCATE, offset, length);
    }

    public boolean buffered() {
        return kind == Kind.BUFFERED;
    }

    /** A read: {@code dio-read}, {@code aio-dio-read} or {@code buffered-read}; it changes nothing, it returns bytes. */
    public boolean read() {
        return kind == Kind.DIO_READ || kind == Kind.AIO_DIO_READ || kind == Kind.BUFFERED_READ;
    }

    /** A direct read, synchronous or asynchronous. */
    public boolean directRead() {
        return kind == Kind.DIO_READ || kind == Kind.AIO_DIO_READ;
    }

    /** Whether the caller gets -EIOCBQUEUED and the result later (libaio / io_uring). */
    public boolean async() {
        return kind.async;
    }

    /** A direct write: {@code aio-dio} or {@code dio}. */
    public boolean direct() {
        return kind == Kind.AIO_DIO || kind == Kind.DIO;
    }

    /** A write: direct or buffered (the others change the size or the mapping, under the exclusive lock). */
    public boolean write() {
        return direct() || buffered();
    }

    /**
     * Parses {@code "aio-dio 5120+1024"}, {@code "buffered 6144+1024 fsync"}, {@code "truncate 6144"}, {@code "punch
     * 4096+4096"} or {@code "fallocate 8K+4K"} (sizes as {@link ByteCounts} reads them); the message names what is
     * wrong.
     */
    public static Operation parse(String text) throws InvalidInputException {
        String[] words = text.trim().split("\\s+");
        String shapes = "'aio-dio OFF+LEN', 'dio OFF+LEN', 'buffered OFF+LEN [fsync]', 'truncate SIZE', 'punch OFF+LEN',"
                + " 'fallocate OFF+LEN', 'dio-read OFF+LEN', 'aio-dio-read OFF+LEN' or 'buffered-read OFF+LEN'";
        Kind kind = words.length >= 2 ? Kind.ofWord(words[0].toLowerCase(Locale.ROOT)) : null;
        if (kind == Kind.TRUNCATE && words.length == 2) {
            long size;
            try {
                size = ByteCounts.parse(words[1]);
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("op", "'" + words[1] + "' is not a size in bytes (digits, or 4K, 1M ...)");
            }
            try {
                return truncate(size);
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("op", e.getMessage());
            }
        }
        boolean fsync = words.length == 3 && "fsync".equals(words[2].toLowerCase(Locale.ROOT));
        boolean shaped = words.length == 2 || fsync;
        String[] range = shaped ? words[1].split("\\+") : new String[0];
        if (kind == null || kind == Kind.TRUNCATE || !shaped || range.length != 2 || (fsync && kind != Kind.BUFFERED)) {
            throw new InvalidInputException("op", "'" + text + "' is not " + shapes);
        }
        long offset;
        long length;
        try {
            offset = ByteCounts.parse(range[0]);
            length = ByteCounts.parse(range[1]);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("op", "'" + words[1] + "' is not OFF+LEN in bytes (digits, or 4K, 1M ...)");
        }
        try {
            return new Operation(kind, offset, length, fsync);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("op", e.getMessage());
        }
    }

    /** Where the operation ends: a write's or a range's end, a truncate's new size. */
    public long end() {
        return offset + length;
    }

    /** The write system call a write's policy decides on; not defined for the other operations. */
    public WriteRequest request() {
        if (!write()) {
            throw new IllegalStateException(this + " is not a write");
        }
        try {
            return WriteRequest.builder(offset, length).direct(kind != Kind.BUFFERED).async(kind.async).build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException("a checked operation made an invalid write: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        if (kind == Kind.TRUNCATE) {
            return kind.word + " " + offset;
        }
        return kind.word + " " + offset + "+" + length + (fsync ? " fsync" : "");
    }
}
