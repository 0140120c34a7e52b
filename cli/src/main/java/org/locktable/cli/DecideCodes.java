package org.locktable.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.function.Function;

import org.locktable.engine.decision.Completion;
import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.LockOp;
import org.locktable.engine.decision.MapType;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.Retry;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.decision.ZeroKind;

/**
 * The "Output codes" section of {@code decide --help}: every value the text and JSON output can hold, listed
 * from the decision enums themselves so the help cannot fall behind them. picocli reads it as the command's
 * resource bundle ({@code usage.footer.N}); public because {@link java.util.ResourceBundle} instantiates it.
 */
public final class DecideCodes extends ListResourceBundle {
    public DecideCodes() {
    }

    @Override
    protected Object[][] getContents() {
        List<String> lines = lines();
        Object[][] contents = new Object[lines.size() + 1][];
        contents[0] = new Object[] {"usage.footerHeading",
            "%nOutput codes (text; --json has the same values, its lock and enum fields by name):%n"};
        for (int i = 0; i < lines.size(); i++) {
            contents[i + 1] = new Object[] {"usage.footer." + i, lines.get(i)};
        }
        return contents;
    }

    static List<String> lines() {
        List<String> l = new ArrayList<>();
        l.add(item("result", "what the write returns", Result.values(), Result::name, Result::description));
        l.add(item("lock path", "the lock steps in order, joined by ' → ' (JSON lockPath: a list; '-' in the text "
                + "when no lock was taken)", LockOp.values(), LockOp::label, LockOp::description));
        l.add(item("initial lock / final lock", "the lock taken first / held when the I/O is submitted",
                Lock.values(), Lock::name, Lock::description));
        l.add(item("retry", "how the policy came to a stronger lock", Retry.values(), Retry::name, Retry::description));
        l.add(item("drain", "'no', or 'yes (REASON)': waits for in-flight direct I/O (inode_dio_wait) before mapping "
                + "(JSON drain and drainReason)", DrainReason.values(), DrainReason::name, DrainReason::description));
        l.add("  force wait: 'yes' when the I/O completes before the call returns even for an async write "
                + "(IOMAP_DIO_FORCE_WAIT; JSON forceWait).");
        l.add(item("completion", "whether the caller waits for the I/O", Completion.values(), Completion::name,
                Completion::description));
        l.add(item("NOWAIT", "what a RWF_NOWAIT caller gets (JSON nowait)", NowaitOutcome.values(),
                NowaitOutcome::name, NowaitOutcome::description));
        l.add("  lookups: extent lookups the lock decision made (ext4_map_blocks, XFS xfs_bmapi_read probes).");
        l.add(item("segments", "one per iomap_begin mapping of the direct I/O, '[start,end)' in bytes, then the "
                + "mapping's letter and suffixes", MapType.values(),
                MapType::letter, MapType::description)
                .replaceFirst("\\.$", "; " + Segment.NEW_MARK + ": the write allocated the blocks (IOMAP_F_NEW); "
                        + Segment.TRANSACTION_MARK + ": the mapping started a journal handle or an allocation "
                        + "transaction."));
        l.add("    e.g. [512,4096)M [4096,12288)U+N*");
        l.add(item("zero ranges", "'[start,end) KIND', bytes the direct I/O layer writes zeroes to (JSON zeroRanges: "
                + "[start, end] pairs, zeroKinds: the kinds)", ZeroKind.values(), ZeroKind::label,
                ZeroKind::description));
        l.add(item("transactions", "journal handles and transactions the write starts, in order",
                TxKind.values(), DecideCodes::txNotation, TxKind::description));
        l.add("  trace: the steps of the kernel's write path, one 'function: what happens' per line.");
        l.add("  none: an empty list (no segments, zero ranges or transactions).");
        return l;
    }

    /** How a transaction code is printed: a count after M and A, a range after Zpc. */
    private static String txNotation(TxKind k) {
        switch (k) {
            case MAP_BLOCKS:
            case ALLOCATE:
                return k.code() + "<n>";
            case EOF_PAGECACHE_ZERO:
                return k.code() + "[from,to)";
            default:
                return k.code();
        }
    }

    private static <E> String item(String name, String what, E[] values, Function<E, String> code,
            Function<E, String> description) {
        List<String> parts = new ArrayList<>();
        for (E v : values) {
            parts.add(code.apply(v) + ": " + description.apply(v));
        }
        return "  " + name + ": " + what + ". " + String.join("; ", parts) + ".";
    }
}
