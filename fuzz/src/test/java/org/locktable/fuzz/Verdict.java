package org.locktable.fuzz;

/** What one fuzz input did: accepted, rejected the documented way, or a bug (anything else). */
record Verdict(Kind kind, String detail) {
    enum Kind { ACCEPTED, REJECTED, BUG }

    static Verdict accepted() {
        return new Verdict(Kind.ACCEPTED, "");
    }

    static Verdict rejected(String how) {
        return new Verdict(Kind.REJECTED, how);
    }

    static Verdict bug(String what) {
        return new Verdict(Kind.BUG, what);
    }

    static Verdict bug(Throwable t) {
        StackTraceElement[] trace = t.getStackTrace();
        String at = trace.length == 0 ? "" : " at " + trace[0];
        return bug(t.getClass().getName() + ": " + t.getMessage() + at);
    }

    boolean isBug() {
        return kind == Kind.BUG;
    }
}
