package org.metasched.service;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.metasched.service.Store.JobRow;
import org.metasched.service.Store.State;

/**
 * The accounts' money, as a double-entry ledger ({@code ledger} table): every movement is one entry of rows whose
 * amounts sum to exactly 0, so the sum over all rows is 0 whatever happens, and an account's balance and held money
 * are the sums of its rows. Amounts are whole millionths ({@link #MICROS}), so the sums are exact.
 *
 * <p>A job's money follows its state, and {@link #sync} makes the rows agree with it: a reservation (reserved or
 * running) holds its window's cost on the job's account; a job that ended (done, cancelled or failed after it
 * started) pays each slot's owner what the slot really ran (its length up to the real end x the slot's price, fixed
 * at reservation) and releases the rest; a job without a reservation holds nothing. Because sync compares the target
 * with what the rows already say, calling it twice changes nothing, and every path that changes a job (a cycle, a
 * quote's acceptance, the clock, a cancellation, an early end, a move, a withdrawn node) only has to call it.
 *
 * <p>Money enters through {@link #credit}, from the issuing account {@link #ISSUANCE} (whose balance is minus all the
 * money issued).
 */
final class Ledger {
    private Ledger() {}

    /** Millionths per currency unit. */
    static final double MICROS = 1e6;

    /** The account credits come from; its balance is minus the money issued. */
    static final String ISSUANCE = "@issuance";

    static final String AVAILABLE = "available";
    static final String HELD = "held";

    /**
     * An account's figures (currency units): {@code balance} is the sum of all its rows (the money it has, holds
     * included), {@code held} what its reservations hold, {@code available} the rest (what a new hold may take).
     */
    record Account(String id, double balance, double held, double spent, double earned, double credited) {
        double available() {
            return units(micros(balance) - micros(held));
        }
    }

    /** One row. */
    record Row(
            long seq,
            long entry,
            double time,
            String account,
            String bucket,
            double amount,
            String kind,
            String job,
            String memo) {}

    /**
     * {@code amount} in whole millionths, rounded to the nearest. One past what a long holds is a programming error
     * (budgets and credits are bounded well below it): Math.round would give Long.MAX_VALUE, a wrong amount recorded
     * without a word, so it throws and the transaction writes nothing.
     */
    static long micros(double amount) {
        double m = amount * MICROS;
        if (!(Math.abs(m) < 0x1p63)) {
            throw new IllegalStateException(
                    "amount " + Metascheduler.num(amount) + " is past what the ledger keeps exact in whole millionths");
        }
        return Math.round(m);
    }

    static double units(long micros) {
        return micros / MICROS;
    }

    /**
     * The most money the service may issue in all (millionths): 4e12. Every balance the ledger forms (an account's
     * buckets, the issuing account) is bounded by what was issued and what may be owed ({@link #MAX_OWED}), and stays
     * exact in the database's 64-bit integers; credits of 1e12 each overflowed the issuing account's sum at the tenth.
     * What an account spent and earned over its life is not bounded (money goes round: an owner and a user sharing
     * an account pay themselves), and is summed as a double ({@link #account(Connection, String)}).
     */
    static final long MAX_ISSUED = 4_000_000_000_000L * 1_000_000L;

    /**
     * The most a job's window may cost, its budget's bound (currency units): 1e12, the most one credit gives. A hold or
     * a payment of it is 1e18 millionths, exact in 64 bits; a node priced 1e20 made a window of 1e21, which the ledger
     * recorded as Long.MAX_VALUE millionths (9.22e12) without a word.
     */
    static final double MAX_COST = 1e12;

    /** What has been credited in all so far (millionths, at least 0). */
    static long issued(Connection c) throws SQLException {
        return -sum(c, "account = ?", ISSUANCE);
    }

    /** Credits {@code amount} (millionths, > 0) to {@code account} from the issuing account. */
    static long credit(Connection c, double now, String account, long amount, String memo) throws SQLException {
        Entry e = new Entry(c, now, null, memo);
        e.add(ISSUANCE, AVAILABLE, -amount, "credit");
        e.add(account, AVAILABLE, amount, "credit");
        return e.post();
    }

    /**
     * The most the accounts may owe together (millionths): 4e12, as much as may be issued. An account the operator has
     * never credited spends below 0; without a bound, about nine holds of 1e12 took its sums (and its payees') past
     * what a 64-bit integer holds, and every read of an account failed (503, "integer overflow"). With at most 4e12
     * issued and 4e12 owed, every account's and bucket's sum stays within 8e12 (8e18 millionths).
     */
    static final long MAX_OWED = Ledger.MAX_ISSUED;

    /**
     * Money the account can hold now (millionths). From its first credit on, a hold must fit its available money. An
     * account the operator has never credited is not limited by it (a service that does not use money runs as before;
     * its balance goes below 0 as it spends): it may take what it has plus what the accounts may still owe together
     * ({@link #MAX_OWED} less {@link #owed}).
     */
    static long available(Connection c, String account) throws SQLException {
        Own o = own(c, account);
        return o.credited() ? o.money() : o.money() + Math.max(0, MAX_OWED - owed(c));
    }

    /** An account's own money that a hold may take (millionths), and whether it was ever credited. */
    record Own(long money, boolean credited) {}

    /**
     * What {@code account} may hold of its own money: its available bucket once it has been credited, else that
     * bucket's money above 0 (the rest of what it may take is the accounts' shared room, {@link #MAX_OWED} less
     * {@link #owed}).
     */
    static Own own(Connection c, String account) throws SQLException {
        long[] figures = SqlValues.first(
                c,
                "SELECT COALESCE(SUM(credits), 0), COALESCE(SUM(CASE WHEN bucket = 'available' THEN amount ELSE 0 END),"
                        + " 0) FROM balances WHERE account = ?",
                r -> new long[] {r.getLong(1), r.getLong(2)},
                account);
        return figures[0] > 0 ? new Own(figures[1], true) : new Own(Math.max(0, figures[1]), false);
    }

    /**
     * What the accounts owe together (millionths): the sum of every available bucket below 0, issuance's apart (from
     * the running sums, {@code balances}: one row per account and bucket).
     */
    static long owed(Connection c) throws SQLException {
        return SqlValues.first(
                c,
                "SELECT COALESCE(SUM(-amount), 0) FROM balances WHERE bucket = 'available' AND account <> ? AND amount < 0",
                r -> r.getLong(1),
                ISSUANCE);
    }

    /** What a reservation of window {@code w} holds (millionths): its slots' lengths x their nodes' prices. */
    static long holdOf(org.metasched.model.Window w) {
        long total = 0;
        for (org.metasched.model.Allocation a : w.allocations()) {
            total += micros((a.end() - a.start()) * a.node().unitPrice());
        }
        return total;
    }

    /**
     * Makes the ledger agree with job {@code j}'s state (read again from the database, slots with their prices).
     *
     * @param accountOf the account of a user or owner name (the configuration's tokens)
     */
    static void sync(Connection c, double now, String jobId, UnaryOperator<String> accountOf) throws SQLException {
        JobRow j = JobStore.job(c, jobId);
        if (j == null) {
            return;
        }
        String account = account(c, j, accountOf);
        List<Charge> charges = charges(c, jobId);
        long held = sum(c, "job_id = ? AND account = ? AND bucket = 'held'", jobId, account);
        long paid = -sum(c, "job_id = ? AND kind = 'pay'", jobId);
        boolean holds = j.state() == State.RESERVED || j.state() == State.RUNNING;
        boolean ended = j.state() == State.DONE || j.state() == State.CANCELLED || j.state() == State.FAILED;
        if (holds) {
            long target = 0;
            for (Charge ch : charges) {
                target += micros((ch.plannedEnd - ch.start) * ch.price);
            }
            long delta = target - held;
            if (delta != 0) {
                Entry e = new Entry(c, now, jobId, delta > 0 ? "hold for " + jobId : "hold of " + jobId + " reduced");
                e.add(account, AVAILABLE, -delta, delta > 0 ? "hold" : "release");
                e.add(account, HELD, delta, delta > 0 ? "hold" : "release");
                e.post();
            }
            return;
        }
        if (held == 0 && (paid != 0 || !ended)) {
            return;
        }
        Entry e = new Entry(c, now, jobId, (ended ? "settled " : "released ") + jobId);
        long rest = held;
        if (ended && paid == 0) {
            Map<String, Long> earned = new LinkedHashMap<>();
            for (Charge ch : charges) {
                long pay = Math.min(rest, micros(Math.max(0, ch.end - ch.start) * ch.price));
                if (pay > 0) {
                    earned.merge(ch.payee == null ? accountOf.apply(ch.nodeOwner) : ch.payee, pay, Long::sum);
                    rest -= pay;
                }
            }
            for (Map.Entry<String, Long> p : earned.entrySet()) {
                e.add(account, HELD, -p.getValue(), "pay");
                e.add(p.getKey(), AVAILABLE, p.getValue(), "earn");
            }
        }
        if (rest != 0) {
            e.add(account, HELD, -rest, "release");
            e.add(account, AVAILABLE, rest, "release");
        }
        e.post();
    }

    /** The account job {@code j} spends from. */
    static String account(Connection c, JobRow j, UnaryOperator<String> accountOf) throws SQLException {
        String a = SqlValues.first(c, "SELECT account FROM jobs WHERE id = ?", r -> r.getString(1), j.id());
        return a != null ? a : accountOf.apply(j.owner());
    }

    /** Fixes the price and the earning account of each of job {@code id}'s slots (after a reservation or a move). */
    static void priceSlots(Connection c, String id, UnaryOperator<String> accountOf) throws SQLException {
        List<String[]> rows = SqlValues.list(
                c,
                "SELECT s.idx, n.price, n.owner FROM slots s JOIN nodes n ON n.id = s.node_id WHERE s.job_id = ? AND"
                        + " s.price IS NULL",
                r -> new String[] {r.getString(1), Double.toString(r.getDouble(2)), r.getString(3)},
                id);
        try (PreparedStatement p =
                c.prepareStatement("UPDATE slots SET price = ?, payee = ? WHERE job_id = ? AND idx = ?")) {
            for (String[] row : rows) {
                SqlValues.bind(p, Double.parseDouble(row[1]), accountOf.apply(row[2]), id, Integer.parseInt(row[0]));
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    private record Charge(double start, double end, double plannedEnd, double price, String payee, String nodeOwner) {}

    private static List<Charge> charges(Connection c, String id) throws SQLException {
        return SqlValues.list(
                c,
                "SELECT s.start_time, s.end_time, s.planned_end, s.price, s.payee, n.price, n.owner FROM slots s LEFT"
                        + " JOIN nodes n ON n.id = s.node_id WHERE s.job_id = ? ORDER BY s.idx",
                r -> {
                    double price = r.getDouble(4);
                    if (r.wasNull()) {
                        price = r.getDouble(6);
                    }
                    return new Charge(
                            r.getDouble(1), r.getDouble(2), r.getDouble(3), price, r.getString(5), r.getString(7));
                },
                id);
    }

    /**
     * The figures of {@code account}; null when it has no rows. Its balance and held money from the running sums
     * ({@code balances}), what it spent, earned and was credited from its rows: a test that adds up an account's rows
     * checks the running sums by the first two.
     */
    static Account account(Connection c, String account) throws SQLException {
        long[] sums = SqlValues.first(
                c,
                "SELECT COUNT(*), COALESCE(SUM(amount), 0),"
                        + " COALESCE(SUM(CASE WHEN bucket = 'held' THEN amount ELSE 0 END), 0)"
                        + " FROM balances WHERE account = ?",
                r -> new long[] {r.getLong(1), r.getLong(2), r.getLong(3)},
                account);
        if (sums[0] == 0) {
            return null;
        }
        // what it spent, earned and was credited over its life, summed as doubles: an owner and a user sharing one
        // account pay themselves, and those sums grow past a 64-bit integer of millionths at the tenth job of 1e12,
        // which made every read of the account fail for good; a double is exact below 2^53 millionths (the same
        // figures as before) and, above, as exact as the figure shown
        return SqlValues.first(
                c,
                "SELECT COALESCE(SUM(CAST(CASE WHEN kind = 'pay' THEN -amount ELSE 0 END AS DOUBLE PRECISION)), 0),"
                        + " COALESCE(SUM(CAST(CASE WHEN kind = 'earn' THEN amount ELSE 0 END AS DOUBLE PRECISION)), 0),"
                        + " COALESCE(SUM(CAST(CASE WHEN kind = 'credit' THEN amount ELSE 0 END AS DOUBLE PRECISION)),"
                        + " 0) FROM ledger WHERE account = ?",
                r -> new Account(
                        account,
                        units(sums[1]),
                        units(sums[2]),
                        r.getDouble(1) / MICROS,
                        r.getDouble(2) / MICROS,
                        r.getDouble(3) / MICROS),
                account);
    }

    /** Every account with rows, in name order. */
    static List<String> accounts(Connection c) throws SQLException {
        return SqlValues.list(c, "SELECT DISTINCT account FROM balances ORDER BY account", r -> r.getString(1));
    }

    /** {@code account}'s rows after {@code afterSeq}, oldest first (null account: every row). */
    static List<Row> rows(Connection c, String account, long afterSeq, int limit) throws SQLException {
        return SqlValues.list(
                c,
                "SELECT seq, entry, at_time, account, bucket, amount, kind, job_id, memo FROM ledger WHERE seq > ?"
                        + (account == null ? "" : " AND account = ?") + " ORDER BY seq LIMIT ?",
                r -> new Row(
                        r.getLong(1),
                        r.getLong(2),
                        r.getDouble(3),
                        r.getString(4),
                        r.getString(5),
                        units(r.getLong(6)),
                        r.getString(7),
                        r.getString(8),
                        r.getString(9)),
                account == null ? new Object[] {afterSeq, limit} : new Object[] {afterSeq, account, limit});
    }

    /** The sum of every row (millionths): 0 unless the ledger is broken. */
    static long total(Connection c) throws SQLException {
        return sum(c, "1 = 1");
    }

    private static long sum(Connection c, String where, Object... args) throws SQLException {
        return SqlValues.first(
                c, "SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE " + where, r -> r.getLong(1), args);
    }

    /** One movement being written: rows that must sum to 0. */
    private static final class Entry {
        private final Connection c;
        private final double now;
        private final String job;
        private final String memo;
        private final List<Object[]> rows = new ArrayList<>();

        Entry(Connection c, double now, String job, String memo) {
            this.c = c;
            this.now = now;
            this.job = job;
            this.memo = memo;
        }

        void add(String account, String bucket, long amount, String kind) {
            if (amount != 0) {
                rows.add(new Object[] {account, bucket, amount, kind});
            }
        }

        /** Writes the rows; returns the entry's number (0 when there was nothing to move). */
        long post() throws SQLException {
            long sum = 0;
            for (Object[] r : rows) {
                sum += (Long) r[2];
            }
            if (sum != 0) {
                throw new IllegalStateException("ledger entry does not balance: " + sum + " millionths");
            }
            if (rows.isEmpty()) {
                return 0;
            }
            long seq = Store.max(c, "ledger", "seq");
            // the last entry's number is its last row's: found by the primary key, where MAX(entry) read every row
            long entry = SqlValues.first(
                            c, "SELECT COALESCE(MAX(entry), 0) FROM ledger WHERE seq = ?", r -> r.getLong(1), seq)
                    + 1;
            try (PreparedStatement p = c.prepareStatement("INSERT INTO ledger (seq, entry, at_time, account, bucket,"
                    + " amount, kind, job_id, memo) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (Object[] r : rows) {
                    SqlValues.bind(p, ++seq, entry, now, r[0], r[1], r[2], r[3], job, memo);
                    p.addBatch();
                }
                p.executeBatch();
            }
            // the running sums (V4__ledger_balances.sql), in the same transaction as the rows
            try (PreparedStatement p = c.prepareStatement("INSERT INTO balances (account, bucket, amount, credits)"
                    + " VALUES (?, ?, ?, ?) ON CONFLICT (account, bucket) DO UPDATE SET"
                    + " amount = balances.amount + excluded.amount, credits = balances.credits + excluded.credits")) {
                for (Object[] r : rows) {
                    SqlValues.bind(p, r[0], r[1], r[2], "credit".equals(r[3]) ? 1L : 0L);
                    p.addBatch();
                }
                p.executeBatch();
            }
            return entry;
        }
    }
}
