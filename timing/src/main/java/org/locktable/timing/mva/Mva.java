package org.locktable.timing.mva;

import java.util.List;

import org.locktable.timing.device.Station;

/**
 * Exact mean value analysis (Reiser & Lavenberg 1980) of a closed single-class network: N customers cycle
 * through delay stations and FCFS queueing stations. {@code R_k(n) = D_k·(1 + Q_k(n−1))} for a single-server
 * queue, {@code D_k} for a delay, the load-dependent recursion with marginal queue-length probabilities for a
 * multi-server queue; {@code X(n) = n / Σ R_k(n)}; {@code Q_k(n) = X(n)·R_k(n)}. A station with a hand-off cost
 * uses the inode-lock form of timing-notes §3.7, {@code R(n) = D + (D + h)·Q(n−1)}. Exact for product-form
 * networks (exponential FCFS service, any delay distribution); the lock forms are approximations.
 * Costs O(N·K) (O(N²) per multi-server station).
 */
public final class Mva {
    private Mva() {
    }

    /**
     * The network at one population.
     *
     * @param customers n
     * @param throughputPerSecond X(n), cycles per second
     * @param cycleNs Σ R_k(n): one cycle's mean duration, ns
     * @param residenceNs R_k(n) per station, ns
     * @param queueLength Q_k(n) per station
     */
    public record Point(int customers, double throughputPerSecond, double cycleNs, double[] residenceNs,
            double[] queueLength) {
    }

    /** Solves for populations 1..maxN; element {@code n-1} is population n. */
    public static Point[] solve(List<Station> stations, int maxN) {
        if (maxN < 1) {
            throw new IllegalArgumentException("population must be >= 1");
        }
        int k = stations.size();
        double[] q = new double[k];
        double[][] marg = new double[k][];
        for (int i = 0; i < k; i++) {
            Station s = stations.get(i);
            if (s.kind() == Station.Kind.QUEUE && s.servers() > 1) {
                marg[i] = new double[maxN + 1];
                marg[i][0] = 1;
            }
        }
        Point[] out = new Point[maxN];
        for (int n = 1; n <= maxN; n++) {
            double[] r = new double[k];
            double total = 0;
            for (int i = 0; i < k; i++) {
                Station s = stations.get(i);
                double d = s.demandNs();
                if (s.kind() == Station.Kind.DELAY) {
                    r[i] = d;
                } else if (s.servers() == 1) {
                    r[i] = d + (d + s.handoffNs()) * q[i];
                } else {
                    double sum = 0;
                    double[] p = marg[i];
                    for (int j = 1; j <= n; j++) {
                        sum += j * d / Math.min(j, s.servers()) * p[j - 1];
                    }
                    r[i] = sum;
                }
                total += r[i];
            }
            double x = total > 0 ? n / total : Double.POSITIVE_INFINITY;
            double[] ql = new double[k];
            for (int i = 0; i < k; i++) {
                ql[i] = x * r[i];
                Station s = stations.get(i);
                if (marg[i] != null) {
                    double[] p = marg[i];
                    double[] np = new double[maxN + 1];
                    double rest = 0;
                    for (int j = 1; j <= n; j++) {
                        np[j] = x * s.demandNs() / Math.min(j, s.servers()) * p[j - 1];
                        rest += np[j];
                    }
                    np[0] = Math.max(0, 1 - rest);
                    marg[i] = np;
                }
            }
            q = ql;
            out[n - 1] = new Point(n, x * 1e9, total, r, ql);
        }
        return out;
    }

    /** Throughput at population n, per second. */
    public static double throughput(List<Station> stations, int n) {
        return solve(stations, n)[n - 1].throughputPerSecond();
    }
}
