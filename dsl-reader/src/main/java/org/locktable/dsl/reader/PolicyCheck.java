package org.locktable.dsl.reader;

import org.locktable.engine.catalog.PolicyCatalog;

/** Policy IDs written in the DSL must name catalog policies. */
final class PolicyCheck {
    private PolicyCheck() {
    }

    /** True when {@code id} names a catalog policy; otherwise reports LT030 at {@code at}, with "did you mean". */
    static boolean known(Report report, Site at, String id) {
        if (PolicyCatalog.find(id).isPresent()) {
            return true;
        }
        String closest = PolicyCatalog.closest(id);
        report.add(Message.UNKNOWN_POLICY, at, id, closest == null ? "" : " (did you mean \"" + closest + "\"?)",
                String.join(", ", PolicyCatalog.ids()));
        return false;
    }
}
