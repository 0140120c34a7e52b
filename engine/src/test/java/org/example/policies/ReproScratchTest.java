package org.example.policies;

import org.junit.jupiter.api.Test;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.space.CaseSpace;
import org.locktable.engine.table.DecisionTable;

class ReproScratchTest {
    @Test
    void build() {
        DecisionTable.build(new Ext4InBlockExtension(), CaseSpace.standard(WritePath.DIRECT));
    }
}
