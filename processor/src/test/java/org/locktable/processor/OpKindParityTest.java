package org.locktable.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.locktable.concurrency.Operation;
import org.locktable.dsl.Op;

/** The DSL's {@code @Op} kinds and the race oracle's operation kinds are the same set: a new kind is added to both. */
class OpKindParityTest {
    @Test
    void theDslAndTheOracleHaveTheSameKinds() {
        Set<String> dsl = Arrays.stream(Op.Kind.values()).map(k -> k.name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> oracle = Arrays.stream(Operation.Kind.values()).map(Operation.Kind::word)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(oracle, dsl);
    }
}
