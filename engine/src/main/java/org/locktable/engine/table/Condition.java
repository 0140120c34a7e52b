package org.locktable.engine.table;

import java.util.List;
import java.util.function.BiPredicate;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;

/**
 * A condition a decision table may add to its fixed columns ({@link Column}) when they do not determine a policy's
 * decisions: one more column, with a small domain, computed from the case. The {@link ConditionLibrary} holds the
 * built-in ones; a user's jar adds its own as services ({@code META-INF/services/org.locktable.engine.table.Condition},
 * a public no-argument constructor), as it adds policies. A table adds the fewest library conditions that determine its
 * policy (engine/README.md, "How a table picks its columns").
 */
public interface Condition {
    /** The column header, unique in the library: {@code ends in EOF block}. */
    String name();

    /** One sentence for the page's legend: what the values mean. */
    String legend();

    /** The domain, at most 31 values; {@code no, yes} unless a condition says otherwise. */
    default List<String> values() {
        return YES_NO;
    }

    /** The index in {@link #values()} of this case's value; for a yes/no condition 1 for yes. */
    int evaluate(Inode inode, WriteRequest request);

    /** The domain of a yes/no condition. */
    List<String> YES_NO = List.of("no", "yes");

    /** A yes/no condition: {@code test} says yes. */
    static Condition yesNo(String name, String legend, BiPredicate<Inode, WriteRequest> test) {
        return new Condition() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String legend() {
                return legend;
            }

            @Override
            public int evaluate(Inode inode, WriteRequest request) {
                return test.test(inode, request) ? 1 : 0;
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }
}
