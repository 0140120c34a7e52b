package org.locktable.calibration.fit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.timing.profile.FittedValues;

/** Rewriting the committed values with the values they hold changes nothing, byte for byte. */
class FittedValuesFileTest {

    @Test
    void rewritingTheCommittedValuesLeavesTheFilesAsTheyAre(@TempDir Path dir) throws Exception {
        Path values = dir.resolve(FittedValues.VALUES_FILE);
        Path alternatives = dir.resolve(FittedValues.ALTERNATIVES_FILE);
        String v = resource(FittedValues.VALUES_FILE);
        String a = resource(FittedValues.ALTERNATIVES_FILE);
        Files.writeString(values, v);
        Files.writeString(alternatives, a);
        FittedValuesFile.writeValues(values, FittedValues.all());
        FittedValuesFile.writeAlternatives(alternatives, FittedValues.alternatives());
        assertEquals(v, Files.readString(values));
        assertEquals(a, Files.readString(alternatives));
    }

    @Test
    void aRefittedProfileReplacesOnlyItsRows(@TempDir Path dir) throws Exception {
        Path values = dir.resolve(FittedValues.VALUES_FILE);
        String v = resource(FittedValues.VALUES_FILE);
        Files.writeString(values, v);
        String committed = FittedValuesFile.number(FittedValues.of("seed004-vm").get("device.perCommandNs"));
        assertTrue(v.contains("seed004-vm\tdevice.perCommandNs\t" + committed + "\n"), committed);
        FittedValuesFile.writeValues(values, Map.of("seed004-vm", Map.of("device.perCommandNs", 1_234.0)));
        assertEquals(v.replace("seed004-vm\tdevice.perCommandNs\t" + committed, "seed004-vm\tdevice.perCommandNs\t1234"),
                Files.readString(values));
    }

    @Test
    void numbersAsCommitted() {
        assertEquals("1393", FittedValuesFile.number(1393));
        assertEquals("830.9", FittedValuesFile.number(830.9));
        assertEquals("1.023e9", FittedValuesFile.number(1.023e9));
        assertEquals("0.1446", FittedValuesFile.number(0.1446));
    }

    private static String resource(String name) throws Exception {
        try (InputStream in = FittedValues.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
