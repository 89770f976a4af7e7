-- metasched serve: the ledger's running sums, one row per account and bucket (with the account's number of credit
-- rows in that bucket), kept by every entry in its own transaction. What a hold may take is then read from an
-- account's rows here instead of summing its whole history, and what the accounts owe together from this table
-- instead of grouping the whole ledger: a cycle's holds read them once each, and every cycle took longer than the
-- one before it (docs/performance.md, the service). Filled from the ledger as it is.
CREATE TABLE balances (
    account VARCHAR(200) NOT NULL,
    bucket VARCHAR(16) NOT NULL,
    amount BIGINT NOT NULL,
    credits BIGINT NOT NULL,
    PRIMARY KEY (account, bucket)
);
INSERT INTO balances (account, bucket, amount, credits)
    SELECT account, bucket, SUM(amount), SUM(CASE WHEN kind = 'credit' THEN 1 ELSE 0 END)
    FROM ledger GROUP BY account, bucket;
