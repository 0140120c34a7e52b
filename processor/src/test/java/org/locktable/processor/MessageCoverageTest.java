package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

import org.locktable.dsl.reader.Message;

/**
 * Keeps the suite honest: every message ID has at least one enabled test named after it ({@code lt0xx_...}).
 * (Uniqueness of the IDs and their documentation: MessageCatalogDocTest.)
 */
class MessageCoverageTest {
    private static final List<Class<?>> DIAGNOSTIC_TESTS = List.of(ScenarioShapeDiagnosticsTest.class,
            LayoutAndWriteDiagnosticsTest.class, PolicyDiagnosticsTest.class, EngineMismatchDiagnosticsTest.class,
            SweepDiagnosticsTest.class, OptionDiagnosticsTest.class, InternalErrorTest.class,
            TimingDiagnosticsTest.class, RaceDiagnosticsTest.class);

    @Test
    void everyMessageIdHasAnEnabledTestNamedAfterIt() {
        Set<String> tested = new HashSet<>();
        for (Class<?> c : DIAGNOSTIC_TESTS) {
            for (Method m : c.getDeclaredMethods()) {
                boolean test = m.isAnnotationPresent(Test.class)
                        || m.isAnnotationPresent(org.junit.jupiter.params.ParameterizedTest.class);
                if (test && !m.isAnnotationPresent(Disabled.class) && m.getName().matches("lt\\d{3}_.*")) {
                    tested.add(m.getName().substring(0, 5).toUpperCase(Locale.ROOT));
                }
            }
        }
        Set<String> missing = new TreeSet<>();
        for (Message m : Message.values()) {
            if (!tested.contains(m.id())) {
                missing.add(m.id() + " " + m.name());
            }
        }
        assertWithMessage("message IDs without an enabled lt0xx_ test").that(missing).isEmpty();
    }

    @Test
    void everyFormattedMessageStartsWithItsId() {
        for (Message m : Message.values()) {
            Object[] args = {"a", "b", "c", "d"};
            assertThat(m.format(args)).startsWith("[" + m.id() + "] ");
        }
    }
}
