/**
 * Claims made by the five seed documents, checked against the engine: the named cases of each seed (Baokun Li's
 * test 1 and 2, Dave Chinner's 512-byte fio runs, Jan Kara's overwrite fast path, the RWF_WRITETHROUGH /
 * RWF_NOSERIAL RFC, Zhang Yi's ext4 buffered-iomap series), the relations a seed asserts between policies
 * ({@code @ExpectNoStricter}, {@code @ExpectSame}), and one {@code @Sweep} per patch stating the patch's own claim
 * as a decision table ({@code *ClaimSweep}). The scenarios here mix direct, buffered and write-through writes, so
 * every expectation names its policy and the package declares no {@code @Policies}.
 */
package org.locktable.scenarios.claims;
