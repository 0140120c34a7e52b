package org.locktable.concurrency;

import java.util.Arrays;

/** What a finished read returned: its length (cut at the i_size it read) and a value per sector of it. */
final class Reads {
    private Reads() {
    }

    /** The bytes a read returns: up to the i_size it read, none at or past it. */
    static long length(Operation op, OpState o) {
        return Math.max(0, Math.min(op.end(), o.sampledSize()) - op.offset());
    }

    /** Per sector of the read's range (whole sectors of its length), the value it got; -1 where it got nothing. */
    static byte[] sectors(Operation op, OpState o) {
        byte[] got = new byte[(int) ((length(op, o) + Sector.SIZE - 1) / Sector.SIZE)];
        Arrays.fill(got, (byte) -1);
        for (Bio b : o.bios()) {
            if (b.page() == null) {
                continue;
            }
            for (int k = 0; k < b.page().length(); k++) {
                long s = (b.start() - op.offset()) / Sector.SIZE + k;
                if (s >= 0 && s < got.length) {
                    got[(int) s] = b.sector(k);
                }
            }
        }
        return got;
    }
}
