package org.locktable.concurrency;

import java.util.List;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;

/** The race examples of spec §6.2 (bs 4096, lbs 512), A first in the operation list. */
enum RaceCases {
    R1("W U W W", 16384, Operation.aio(4096, 512), Operation.aio(5120, 512)),
    R2("W W W W", 16384, Operation.aio(4096, 512), Operation.aio(5120, 512)),
    R3("W U W W", 16384, Operation.aio(4096, 4096), Operation.dio(4608, 512)),
    R4("W W", 6144, Operation.aio(5120, 1024), Operation.dio(4096, 4096)),
    R5("W U U W W U U W", 32768, Operation.aio(512, 14336), Operation.aio(16896, 14336)),
    R6("H H H H", 16384, Operation.aio(0, 4096), Operation.aio(8192, 4096)),
    R7("W H W W", 16384, Operation.aio(4608, 512), Operation.aio(5632, 512));

    final String layout;
    final long size;
    final List<Operation> ops;

    RaceCases(String layout, long size, Operation a, Operation b) {
        this.layout = layout;
        this.size = size;
        this.ops = List.of(a, b);
    }

    Inode inode() {
        try {
            return Inode.builder(Layout.parse(layout)).size(size).build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException(e);
        }
    }

    Verdict under(String policy) {
        return Race.explore(PolicyCatalog.builtIn(policy), inode(), ops);
    }

    static List<String> directPolicies() {
        return PolicyCatalog.builtIns().stream().filter(p -> p.info().path() == PolicyInfo.WritePath.DIRECT)
                .map(Policy::id).toList();
    }
}
