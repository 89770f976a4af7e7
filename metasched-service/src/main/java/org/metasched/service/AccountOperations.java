package org.metasched.service;

import static org.metasched.service.Metascheduler.num;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.metasched.service.ServiceConfig.Role;
import org.metasched.service.ServiceConfig.Token;

/** The accounts' figures, their ledger rows and the operator's credits. */
final class AccountOperations {
    private final SchedulerContext ctx;

    AccountOperations(SchedulerContext ctx) {
        this.ctx = ctx;
    }

    /** The figures of {@code account}, for the operator or a token of that account. */
    Ledger.Account account(Token who, String account) {
        mayRead(who, account);
        return ctx.db.read(c -> {
            Ledger.Account a = Ledger.account(c, account);
            if (a == null) {
                if (!ctx.config.hasAccount(account) && !account.equals(Ledger.ISSUANCE)) {
                    throw ApiException.notFound("no account " + account);
                }
                return new Ledger.Account(account, 0, 0, 0, 0, 0);
            }
            return a;
        });
    }

    /** Every account (the operator) or the caller's own. */
    List<Ledger.Account> accounts(Token who) {
        return ctx.db.read(c -> {
            java.util.TreeSet<String> names = new java.util.TreeSet<>(Ledger.accounts(c));
            ctx.config.tokens().stream().filter(t -> t.role() != Role.OPERATOR).forEach(t -> names.add(t.account()));
            List<Ledger.Account> out = new ArrayList<>();
            for (String n : names) {
                if (who.role() == Role.OPERATOR || who.account().equals(n)) {
                    Ledger.Account a = Ledger.account(c, n);
                    out.add(a != null ? a : new Ledger.Account(n, 0, 0, 0, 0, 0));
                }
            }
            return out;
        });
    }

    /** The sum of every ledger row (0 unless the ledger is broken), in currency units. */
    double ledgerTotal() {
        return ctx.db.read(c -> Ledger.units(Ledger.total(c)));
    }

    List<Ledger.Row> ledger(Token who, String account, long after, int limit) {
        mayRead(who, account);
        account(who, account); // 404 for an unknown account
        return ctx.db.read(c -> Ledger.rows(c, account, after, limit));
    }

    /** The operator credits {@code amount} to {@code account}. */
    Ledger.Account credit(String account, double amount, String memo) {
        if (!ctx.config.hasAccount(account)) {
            throw ApiException.notFound("no account " + account + ": no owner's or user's token has it"
                    + " (the configuration file's tokens: account, default the token's name)");
        }
        return ctx.tx(c -> {
            double now = ctx.clock.now();
            long issued = Ledger.issued(c);
            if (Ledger.micros(amount) > Ledger.MAX_ISSUED - issued) {
                throw ApiException.badInput(
                        "amount",
                        num(amount) + " would bring the money credited in all to " + num(Ledger.units(issued) + amount)
                                + ", more than the " + num(Ledger.units(Ledger.MAX_ISSUED)) + " the ledger keeps exact"
                                + " (whole millionths); nothing was credited");
            }
            // the ledger keeps whole millionths: the amount is rounded to the nearest, and the event says what was
            // credited
            Ledger.credit(c, now, account, Ledger.micros(amount), memo);
            ctx.event(c, now, "account.credited", account, null, Map.of("amount", Ledger.units(Ledger.micros(amount))));
            return Ledger.account(c, account);
        });
    }

    private static void mayRead(Token who, String account) {
        if (who.role() != Role.OPERATOR && !who.account().equals(account)) {
            throw ApiException.forbidden("account " + account + " is not yours");
        }
    }
}
