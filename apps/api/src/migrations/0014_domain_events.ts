// Domain events (platform/domain-events.ts). `domain_events` is the outbox: a module's write
// inserts the fact in its own transaction; a dispatcher turns each undispatched row into one
// pg-boss job per subscribed handler and stamps `dispatched_at` in one transaction.
// `processed_events` lets a handler run its effects once per event (a unique insert in the
// handler's own transaction).
export const up = `
  CREATE TABLE domain_events (
    seq bigserial PRIMARY KEY,
    id uuid NOT NULL UNIQUE,
    name text NOT NULL,
    version integer NOT NULL,
    payload jsonb NOT NULL,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    dispatched_at timestamptz
  );
  CREATE INDEX domain_events_undispatched_idx ON domain_events (seq) WHERE dispatched_at IS NULL;
  CREATE INDEX domain_events_dispatched_idx ON domain_events (dispatched_at) WHERE dispatched_at IS NOT NULL;
  CREATE TABLE processed_events (
    handler text NOT NULL,
    event_id uuid NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (handler, event_id)
  );
  CREATE INDEX processed_events_processed_at_idx ON processed_events (processed_at);
`;
