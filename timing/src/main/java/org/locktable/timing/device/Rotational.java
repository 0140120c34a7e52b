package org.locktable.timing.device;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.locktable.timing.device.Station;

/**
 * A mechanical disk after Ruemmler & Wilkes (1994), first order: one actuator serving requests FIFO; seek time
 * {@code a + b·√d} for short seeks (d cylinders, below {@code seekBoundaryCylinders}) and {@code c + e·d} for
 * long ones (settle included); rotational position from the absolute time at {@code rpm}; media transfer at
 * one track per revolution (no zoning, no track skew: the sector after the previous request's last one is
 * under the head when it ends, and a sequential request that arrives later waits for it to come round again).
 * Write-back cache with immediate reporting: a write completes once it is in the cache (controller overhead +
 * bus transfer), waits only when {@code cacheBytes} of dirty data are queued, and is destaged FIFO by the
 * actuator in the background. Per-stream LBA locality: a cached write that continues its stream's previous
 * write is coalesced with it and destaged without positioning (the drive sorts the per-stream runs).
 * FUA writes, writes with the cache off, and reads go through the actuator. The host interface is one FIFO link
 * ({@code busBytesPerSecond}); no read cache or read-ahead. A 512e drive (Advanced Format: 4 KiB physical sectors
 * behind 512-byte logical ones) writes a physical sector it covers only in part by reading it first: the head reads
 * it as it passes and writes it the next time it comes round, one more revolution on the actuator (in the
 * background with the write cache on, as the destage).
 *
 * @param rpm spindle speed
 * @param bytesPerTrack bytes on one track (one zone)
 * @param heads tracks per cylinder
 * @param shortSeekNs a of the short-seek curve
 * @param shortSeekNsPerSqrtCyl b of the short-seek curve
 * @param seekBoundaryCylinders where the long (linear) curve starts
 * @param longSeekNs c of the long-seek curve
 * @param longSeekNsPerCyl e of the long-seek curve
 * @param headSwitchNs switching heads within a cylinder
 * @param controllerNs controller overhead per request
 * @param busBytesPerSecond host interface rate
 * @param writeCache write-back cache with immediate reporting enabled
 * @param cacheBytes dirty data the cache holds
 * @param emulated512 4 KiB physical sectors behind 512-byte logical ones (512e): a write covering one in part is a
 *                    read-modify-write
 */
public record Rotational(double rpm, long bytesPerTrack, int heads, double shortSeekNs, double shortSeekNsPerSqrtCyl,
        long seekBoundaryCylinders, double longSeekNs, double longSeekNsPerCyl, double headSwitchNs,
        double controllerNs, double busBytesPerSecond, boolean writeCache, long cacheBytes, boolean emulated512)
        implements Device {
    /** A 512e drive's physical sector. */
    public static final int PHYSICAL_SECTOR = 4096;

    public Rotational {
        if (!(rpm > 0) || bytesPerTrack < 512 || heads < 1 || !(busBytesPerSecond > 0) || cacheBytes < 0) {
            throw new IllegalArgumentException("bad Rotational device parameters");
        }
    }

    /**
     * A generic 7200 rpm SATA drive: 1 MiB tracks (≈ 126 MB/s media rate), 4 heads, 0.8 ms track-to-track,
     * ≈ 8.5 ms at a third of the stroke, 6 Gb/s bus, 64 MiB write cache on.
     */
    public static Rotational typical7200() {
        return new Rotational(7200, 1 << 20, 4, 0.8e6, 0.112e6, 1000, 4.28e6, 64, 0.5e6, 50e3, 600e6, true, 64L << 20,
                false);
    }

    public Rotational withWriteCache(boolean on) {
        return new Rotational(rpm, bytesPerTrack, heads, shortSeekNs, shortSeekNsPerSqrtCyl, seekBoundaryCylinders,
                longSeekNs, longSeekNsPerCyl, headSwitchNs, controllerNs, busBytesPerSecond, on, cacheBytes,
                emulated512);
    }

    public Rotational withEmulated512(boolean on) {
        return new Rotational(rpm, bytesPerTrack, heads, shortSeekNs, shortSeekNsPerSqrtCyl, seekBoundaryCylinders,
                longSeekNs, longSeekNsPerCyl, headSwitchNs, controllerNs, busBytesPerSecond, writeCache, cacheBytes, on);
    }

    /** One more revolution when a 512e drive writes a physical sector it covers only in part. */
    double readModifyWriteNs(long offset, long bytes, boolean write) {
        return write && emulated512 && Simple.partialUnits(offset, bytes, PHYSICAL_SECTOR) > 0 ? revolutionNs() : 0;
    }

    public double revolutionNs() {
        return 60e9 / rpm;
    }

    /** Seek time for a distance in cylinders (0 for no move). */
    public double seekNs(long cylinders) {
        if (cylinders <= 0) {
            return 0;
        }
        return cylinders < seekBoundaryCylinders ? shortSeekNs + shortSeekNsPerSqrtCyl * Math.sqrt(cylinders)
                : longSeekNs + longSeekNsPerCyl * cylinders;
    }

    public double transferNs(long bytes) {
        return bytes * revolutionNs() / bytesPerTrack;
    }

    @Override
    public Queue open(long seed) {
        return new State(this);
    }

    /** MVA view: a random access (a seek of 1000 cylinders, half a revolution, the transfer); rough. */
    @Override
    public List<Station> stations(long bytes, boolean write) {
        List<Station> s = new ArrayList<>(2);
        double mech = seekNs(1000) + revolutionNs() / 2 + transferNs(bytes);
        s.add(Station.queue("disk actuator", mech));
        s.add(Station.delay("disk controller+bus", controllerNs + bytes * 1e9 / busBytesPerSecond));
        return s;
    }

    @Override
    public String describe() {
        return String.format("rotational: %.0f rpm, %d B/track x %d heads, write cache %s%s", rpm, bytesPerTrack, heads,
                writeCache ? (cacheBytes >> 20) + " MiB" : "off", emulated512 ? ", 512e" : "");
    }

    private static final class State implements Queue {
        private final Rotational p;
        private final double rev;
        private long mechFree;
        private long headCylinder;
        private long headTrack;
        private long busFree;
        private long[] streamEnd = new long[0];
        // dirty FIFO: destage end time and bytes
        private long[] dirtyEnd = new long[16];
        private long[] dirtyBytes = new long[16];
        private int dHead;
        private int dSize;
        private long dirty;

        State(Rotational p) {
            this.p = p;
            this.rev = p.revolutionNs();
        }

        @Override
        public long submit(long now, long offset, long bytes, boolean write, boolean fua, int stream) {
            long ctl = Math.round(p.controllerNs);
            long bus = Math.round(bytes * 1e9 / p.busBytesPerSecond);
            if (!write) {
                long start = Math.max(now + ctl, mechFree);
                long end = mechanism(start, offset, bytes, false);
                mechFree = end;
                remember(stream, offset + bytes);
                return busTransfer(end, bus);
            }
            if (fua || !p.writeCache) {
                long inDrive = busTransfer(now + ctl, bus);
                long end = mechanism(Math.max(inDrive, mechFree), offset, bytes, false)
                        + Math.round(p.readModifyWriteNs(offset, bytes, true));
                mechFree = end;
                remember(stream, offset + bytes);
                return end;
            }
            long accept = now;
            while (dSize > 0 && dirtyEnd[dHead] <= accept) {
                popDirty();
            }
            while (dSize > 0 && dirty + bytes > p.cacheBytes) {
                accept = Math.max(accept, dirtyEnd[dHead]);
                popDirty();
            }
            long complete = busTransfer(accept + ctl, bus);
            long start = Math.max(complete, mechFree);
            boolean coalesced = stream >= 0 && stream < streamEnd.length && streamEnd[stream] == offset + 1;
            long end = mechanism(start, offset, bytes, coalesced) + Math.round(p.readModifyWriteNs(offset, bytes, true));
            mechFree = end;
            pushDirty(end, bytes);
            remember(stream, offset + bytes);
            return complete;
        }

        /** The host interface is one FIFO link. */
        private long busTransfer(long ready, long ns) {
            busFree = Math.max(ready, busFree) + ns;
            return busFree;
        }

        /**
         * Seek (none on the same track), rotational wait until the first sector passes under the head, media
         * transfer; a coalesced write-cache run continues without positioning. Returns the end time.
         */
        private long mechanism(long t, long offset, long bytes, boolean coalesced) {
            long track = offset / p.bytesPerTrack;
            long cylinder = track / p.heads;
            double pos = 0;
            if (!coalesced) {
                double seek = cylinder != headCylinder ? p.seekNs(Math.abs(cylinder - headCylinder))
                        : track != headTrack ? p.headSwitchNs : 0;
                double arrive = t + seek;
                double target = (double) (offset % p.bytesPerTrack) / p.bytesPerTrack * rev;
                double wait = (target - arrive % rev) % rev;
                if (wait < 0) {
                    wait += rev;
                }
                if (wait > rev - 2) {
                    wait = 0; // rounding: the sector is under the head now
                }
                pos = seek + wait;
            }
            long endOffset = offset + bytes;
            headTrack = (endOffset - 1) / p.bytesPerTrack;
            headCylinder = headTrack / p.heads;
            return t + Math.round(pos + p.transferNs(bytes));
        }

        private void remember(int stream, long end) {
            if (stream < 0) {
                return;
            }
            if (stream >= streamEnd.length) {
                streamEnd = Arrays.copyOf(streamEnd, Math.max(stream + 1, streamEnd.length * 2));
            }
            streamEnd[stream] = end + 1; // +1 so that 0 means "nothing yet"
        }

        private void pushDirty(long end, long bytes) {
            if (dSize == dirtyEnd.length) {
                long[] e = new long[dSize * 2];
                long[] b = new long[dSize * 2];
                for (int i = 0; i < dSize; i++) {
                    e[i] = dirtyEnd[(dHead + i) % dirtyEnd.length];
                    b[i] = dirtyBytes[(dHead + i) % dirtyEnd.length];
                }
                dirtyEnd = e;
                dirtyBytes = b;
                dHead = 0;
            }
            int i = (dHead + dSize) % dirtyEnd.length;
            dirtyEnd[i] = end;
            dirtyBytes[i] = bytes;
            dSize++;
            dirty += bytes;
        }

        private void popDirty() {
            dirty -= dirtyBytes[dHead];
            dHead = (dHead + 1) % dirtyEnd.length;
            dSize--;
        }
    }
}
