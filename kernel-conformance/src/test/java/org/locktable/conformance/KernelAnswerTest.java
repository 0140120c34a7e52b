package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locktable.engine.decision.Result;

/** Mapping the kernel's answers to the engine's results; the skip-or-fail rule. No kernel needed. */
class KernelAnswerTest {

    @Test
    void answersMapOneToOne() {
        assertTrue(KernelAnswer.OK.agreesWith(Result.OK));
        assertTrue(KernelAnswer.EAGAIN.agreesWith(Result.EAGAIN));
        assertTrue(KernelAnswer.EINVAL.agreesWith(Result.EINVAL));
        assertFalse(KernelAnswer.OK.agreesWith(Result.EAGAIN));
        assertFalse(KernelAnswer.EAGAIN.agreesWith(Result.OK));
        assertFalse(new KernelAnswer("EIO").agreesWith(Result.OK));
        assertFalse(KernelAnswer.OK.agreesWith(Result.FALLBACK_BUFFERED));
    }

    @Test
    void parsesTheHelpersAndXfsIosAnswers() {
        assertEquals(KernelAnswer.OK, KernelAnswer.ofCode('O', null));
        assertEquals(KernelAnswer.EAGAIN, KernelAnswer.ofCode('A', null));
        assertEquals(KernelAnswer.EINVAL, KernelAnswer.ofCode('I', null));
        assertEquals(new KernelAnswer("EIO"), KernelAnswer.ofCode('X', "EIO"));
        assertEquals(KernelAnswer.OK, KernelAnswer.ofProbe("OK 4096 1"));
        assertEquals(KernelAnswer.EAGAIN, KernelAnswer.ofProbe("EAGAIN 5"));
        assertEquals(KernelAnswer.OK, KernelAnswer.ofXfsIo("wrote 4096/4096 bytes at offset 0\n4 KiB, 1 ops"));
        assertEquals(KernelAnswer.EAGAIN, KernelAnswer.ofXfsIo("pwrite: Resource temporarily unavailable\n"));
        assertEquals(KernelAnswer.EINVAL, KernelAnswer.ofXfsIo("pwrite: Invalid argument\n"));
    }
}
