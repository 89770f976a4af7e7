-- metasched serve: the whole state of the service. One schema for SQLite and PostgreSQL (plain types only);
-- times are service time units (double), JSON columns are text. docs/service.md describes every table.

-- settings the service keeps across restarts: the clock's mode, epoch and (manual) time, the instance id
CREATE TABLE meta (
    name VARCHAR(64) PRIMARY KEY,
    val VARCHAR(4000) NOT NULL
);

-- the nodes owners publish; seq is the publication order, which is the nodes' order in a cycle's domain
CREATE TABLE nodes (
    id VARCHAR(200) PRIMARY KEY,
    seq BIGINT NOT NULL UNIQUE,
    owner VARCHAR(200) NOT NULL,
    performance DOUBLE PRECISION NOT NULL,
    price DOUBLE PRECISION NOT NULL,
    busy TEXT NOT NULL,                 -- the owner's busy intervals, JSON [[start, end], ...]
    updated DOUBLE PRECISION NOT NULL
);

-- the jobs users submit; seq is the submission order, which is the batch's priority order
CREATE TABLE jobs (
    id VARCHAR(40) PRIMARY KEY,
    seq BIGINT NOT NULL UNIQUE,
    owner VARCHAR(200) NOT NULL,
    client_id VARCHAR(200),
    idempotency_key VARCHAR(200),
    request_hash VARCHAR(64),
    nodes INTEGER NOT NULL,
    volume DOUBLE PRECISION NOT NULL,
    budget DOUBLE PRECISION NOT NULL,
    criterion VARCHAR(16) NOT NULL,
    deadline DOUBLE PRECISION,
    min_performance DOUBLE PRECISION NOT NULL,
    max_price DOUBLE PRECISION,
    state VARCHAR(16) NOT NULL,         -- queued, reserved, running, done, failed, cancelled
    reason VARCHAR(2000),
    submitted DOUBLE PRECISION NOT NULL,
    cycles_waited INTEGER NOT NULL,
    cycle_n BIGINT,                     -- the cycle that reserved it
    batch_pos INTEGER,                  -- its position in that cycle's batch (the backfilling order)
    start_time DOUBLE PRECISION,        -- the reservation: start, runtime, cost, processor time
    runtime DOUBLE PRECISION,
    cost DOUBLE PRECISION,
    processor_time DOUBLE PRECISION,
    real_runtime DOUBLE PRECISION,
    ended DOUBLE PRECISION,
    UNIQUE (owner, idempotency_key)
);
CREATE INDEX jobs_by_state ON jobs (state, seq);
CREATE INDEX jobs_by_owner ON jobs (owner, seq);

-- the slots of the reservations: what a job holds on each node, [start_time, end_time); end_time is cut to the
-- real end when the job ends early or is cancelled while running, planned_end keeps the reserved one
CREATE TABLE slots (
    job_id VARCHAR(40) NOT NULL,
    idx INTEGER NOT NULL,
    node_id VARCHAR(200) NOT NULL,
    start_time DOUBLE PRECISION NOT NULL,
    end_time DOUBLE PRECISION NOT NULL,
    planned_end DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (job_id, idx)
);
CREATE INDEX slots_by_node ON slots (node_id);

-- every cycle: its inputs as a batch file (the slots at its time, the waiting jobs with their budgets, scheme,
-- problem) and its plan (metasched batch --format json, plus the jobs it reserved, left queued or failed)
CREATE TABLE cycles (
    n BIGINT PRIMARY KEY,
    at_time DOUBLE PRECISION NOT NULL,
    scheme VARCHAR(16) NOT NULL,
    problem VARCHAR(16) NOT NULL,
    time_kind VARCHAR(16) NOT NULL,
    sub_batches INTEGER NOT NULL,
    css_jobs INTEGER NOT NULL,
    quantum DOUBLE PRECISION NOT NULL,
    feasible INTEGER NOT NULL,
    objective DOUBLE PRECISION,
    limit_value DOUBLE PRECISION,
    jobs INTEGER NOT NULL,
    reserved INTEGER NOT NULL,
    queued INTEGER NOT NULL,
    failed INTEGER NOT NULL,
    duration_ms DOUBLE PRECISION NOT NULL,
    input TEXT NOT NULL,
    plan TEXT NOT NULL
);

-- every state change, in commit order (seq), for event streams and audits
CREATE TABLE events (
    seq BIGINT PRIMARY KEY,
    at_time DOUBLE PRECISION NOT NULL,
    kind VARCHAR(40) NOT NULL,
    subject VARCHAR(200),
    owner VARCHAR(200),
    data TEXT NOT NULL
);
