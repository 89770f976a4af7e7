-- metasched serve, issue 26: accounts with a double-entry ledger, quotes, and why a job waits.

-- what a reserved slot costs per time unit and which account earns it (both fixed when the slot is reserved)
ALTER TABLE slots ADD COLUMN price DOUBLE PRECISION;
ALTER TABLE slots ADD COLUMN payee VARCHAR(200);

-- the account a job spends from, the quote it was accepted from, and why it waits (JSON, the last cycle's reason)
ALTER TABLE jobs ADD COLUMN account VARCHAR(200);
ALTER TABLE jobs ADD COLUMN quote_id VARCHAR(40);
ALTER TABLE jobs ADD COLUMN why TEXT;

-- every movement of money: an entry is two or more rows whose amounts sum to 0 (double entry), so the sum over all
-- rows is always 0. Amounts are whole millionths of a currency unit. bucket: available or held.
CREATE TABLE ledger (
    seq BIGINT PRIMARY KEY,
    entry BIGINT NOT NULL,
    at_time DOUBLE PRECISION NOT NULL,
    account VARCHAR(200) NOT NULL,
    bucket VARCHAR(16) NOT NULL,
    amount BIGINT NOT NULL,
    kind VARCHAR(16) NOT NULL,          -- credit, hold, release, pay, earn
    job_id VARCHAR(40),
    memo VARCHAR(400)
);
CREATE INDEX ledger_by_account ON ledger (account, seq);
CREATE INDEX ledger_by_job ON ledger (job_id);

-- quotes: the best window per criterion at the quote's time; a quote holds nothing until it is accepted
CREATE TABLE quotes (
    id VARCHAR(40) PRIMARY KEY,
    seq BIGINT NOT NULL UNIQUE,
    owner VARCHAR(200) NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    expires DOUBLE PRECISION NOT NULL,
    request TEXT NOT NULL,
    windows TEXT NOT NULL,
    job_id VARCHAR(40),
    criterion VARCHAR(32),
    idempotency_key VARCHAR(200)
);
