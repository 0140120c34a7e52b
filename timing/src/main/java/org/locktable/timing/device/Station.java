package org.locktable.timing.device;

/**
 * One station of a closed queueing network for {@link Mva}.
 *
 * @param name for reports
 * @param kind a pure delay (infinite server) or a FCFS queue
 * @param demandNs mean service demand per I/O cycle, ns
 * @param servers FCFS servers (1, or more for a load-dependent multi-server station); ignored for delays
 * @param handoffNs h: extra time each queued customer ahead costs ({@code R = D + (D + h)·Q(n−1)}, the
 *                  inode-lock formula of timing-notes §3.7); 0 for ordinary stations; single-server only
 */
public record Station(String name, Kind kind, double demandNs, int servers, double handoffNs) {
    public enum Kind {
        DELAY, QUEUE
    }

    public Station {
        if (!(demandNs >= 0) || servers < 1 || !(handoffNs >= 0)) {
            throw new IllegalArgumentException("bad station " + name + ": demand " + demandNs + ", servers " + servers
                    + ", handoff " + handoffNs);
        }
    }

    public static Station delay(String name, double demandNs) {
        return new Station(name, Kind.DELAY, demandNs, 1, 0);
    }

    public static Station queue(String name, double demandNs) {
        return new Station(name, Kind.QUEUE, demandNs, 1, 0);
    }

    public static Station multi(String name, double demandNs, int servers) {
        return new Station(name, Kind.QUEUE, demandNs, servers, 0);
    }

    public static Station lock(String name, double holdNs, double handoffNs) {
        return new Station(name, Kind.QUEUE, holdNs, 1, handoffNs);
    }
}
