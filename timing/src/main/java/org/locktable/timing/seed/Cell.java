package org.locktable.timing.seed;

/**
 * One published number: a column's value at a job count, and whether calibration trains on it.
 *
 * @param column the table column
 * @param jobs the row's job count
 * @param metric what the number measures
 * @param published the seed's value
 * @param training true when a profile's parameters were fitted on it; false for held-out cells
 */
public record Cell(Column column, int jobs, Metric metric, double published, boolean training) {

    /** {@code s000-t1-base@4}, {@code s004-4k@1/READ MiB/s}. */
    public String key() {
        return column.id() + "@" + jobs + (metric == Metric.READ_MIB_S || metric == Metric.WRITE_MIB_S
                ? "/" + metric.unit() : "");
    }
}
