package org.locktable.matrix;

import org.locktable.rig.EnvironmentException;

/**
 * Run by {@link GuestTeardownTest} in a child JVM: boots the kernel and prints {@code READY <qemu pid>}, or
 * {@code UNAVAILABLE <reason>} when the machine cannot; then waits to be killed: the shutdown hook must end QEMU
 * and remove its sockets and files.
 */
public final class HoldGuest {
    private HoldGuest() {
    }

    public static void main(String[] args) throws Exception {
        GuestTarget target;
        try {
            target = KernelMatrix.open(GuestConformanceTest.kernel(), KernelCache.of(null), System.err);
        } catch (EnvironmentException e) {
            System.out.println("UNAVAILABLE " + e.getMessage());
            return;
        }
        long qemu = ProcessHandle.current().children().filter(p -> p.info().command().orElse("").contains("qemu"))
                .findFirst().orElseThrow().pid();
        System.out.println("READY " + qemu + " " + target.kernelRelease());
        System.out.flush();
        Thread.sleep(300_000);
        System.exit(3); // not reached when killed
    }
}
