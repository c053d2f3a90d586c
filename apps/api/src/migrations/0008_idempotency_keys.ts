// Idempotency-Key on creating POSTs (platform/idempotency.ts): one row per (user, key) for 24 h.
// status_code is NULL while the first request is in flight; claim_id tells whose request may
// complete the row (a stale claim can be taken over).
export const up = `
  CREATE TABLE idempotency_keys (
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    key text NOT NULL,
    method text NOT NULL,
    path text NOT NULL,
    body_hash text NOT NULL,
    claim_id uuid NOT NULL,
    status_code integer,
    content_type text,
    response_body text,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (user_id, key)
  );
  CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);
`;
