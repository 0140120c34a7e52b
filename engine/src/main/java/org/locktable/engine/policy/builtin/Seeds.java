package org.locktable.engine.policy.builtin;


/** The seed documents the built-in policies come from, for their {@link PolicyMetadata#seed()}. */
final class Seeds {
    static final String BAOKUN = "000_cdc48bc5817f773e.txt";
    static final String KARA = "001_4b2718e110802c1c.txt";
    static final String WRITETHROUGH = "002_8cd9365cfb5dadb1.txt";
    static final String BUFFERED_IOMAP = "003_98f30626f3ee06ee.txt";
    static final String CHINNER = "004_e1c1f6cebe9c2753.txt";

    private Seeds() {
    }
}
