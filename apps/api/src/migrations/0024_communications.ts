// Communications (issue 14, campaigns part): a campaign is a push notification, an e-mail or both
// (`channels`), with an audience (jsonb, the agenda's shape plus sessionIds / participantIds), a
// link (jsonb) and a schedule. Recipients are materialised when sending starts: one row per
// recipient and channel, unique per (communication, participant, channel) — the dedup key. A row is
// claimed with a lease (status SENDING, lease_until), sent, then marked; an expired lease is
// reclaimed by any process. `vars` keeps the per-recipient substitutions (with the communication's
// frozen subject, body and `frozen_vars` they are the archive of what was sent).
// `communication_send_rate`: one token bucket per transport and wall-clock second, shared by processes.
export const up = `
  CREATE TABLE communications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    channels text[] NOT NULL,
    subject text NOT NULL,
    body text NOT NULL,
    link jsonb NOT NULL DEFAULT '{"type":"NONE","sessionId":null,"url":null}',
    audience jsonb NOT NULL DEFAULT '{"type":"EVERYONE","labelIds":[],"rules":[],"sessionIds":[],"participantIds":[]}',
    schedule text NOT NULL DEFAULT 'NOW' CHECK (schedule IN ('NOW', 'DATE_AND_TIME')),
    send_date text,
    send_time text,
    scheduled_at timestamptz,
    status text NOT NULL DEFAULT 'PENDING_TO_SCHEDULE'
      CHECK (status IN ('PENDING_TO_SCHEDULE', 'SCHEDULED', 'SENDING', 'SENT', 'PAUSED', 'FAILED')),
    status_reason text,
    origin text,
    frozen_vars jsonb,
    recipient_count integer,
    error_baseline integer NOT NULL DEFAULT 0,
    done_baseline integer NOT NULL DEFAULT 0,
    started_at timestamptz,
    sent_at timestamptz,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX communications_event_idx ON communications (event_id, created_at DESC);
  CREATE INDEX communications_due_idx ON communications (scheduled_at) WHERE status = 'SCHEDULED';
  CREATE INDEX communications_sending_idx ON communications (id) WHERE status = 'SENDING';
  CREATE INDEX communications_created_by_idx ON communications (created_by);

  CREATE TABLE communication_recipients (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    communication_id uuid NOT NULL REFERENCES communications(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    channel text NOT NULL CHECK (channel IN ('NOTIFICATION', 'EMAIL')),
    status text NOT NULL DEFAULT 'QUEUED'
      CHECK (status IN ('QUEUED', 'SENDING', 'SENT', 'DEFERRED', 'FAILED', 'BOUNCED')),
    email text NOT NULL DEFAULT '',
    vars jsonb NOT NULL DEFAULT '{}',
    attempts integer NOT NULL DEFAULT 0,
    lease_until timestamptz,
    next_attempt_at timestamptz,
    last_error text,
    email_log_id uuid,
    sent_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (communication_id, participant_id, channel)
  );
  CREATE INDEX communication_recipients_work_idx
    ON communication_recipients (communication_id, channel, status)
    WHERE status IN ('QUEUED', 'SENDING', 'DEFERRED');
  CREATE INDEX communication_recipients_participant_idx ON communication_recipients (participant_id);
  CREATE INDEX communication_recipients_event_idx ON communication_recipients (event_id);

  CREATE TABLE communication_send_rate (
    transport text PRIMARY KEY,
    second bigint NOT NULL,
    used integer NOT NULL,
    granted integer NOT NULL
  );
`;
