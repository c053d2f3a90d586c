// E-mail log (issue 14, deliverable 5): one row per e-mail the platform queued — system mails
// (verification, reset, magic links, enrolment, meetings), campaign mails and test sends — with
// its status. The logged copy has one-time secrets redacted (platform/email-log.ts); the message
// that is actually sent travels sealed in the mail job. `event_id` is null for mails that belong
// to no event (account mails): only super admins see those.
export const up = `
  CREATE TABLE email_log (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid REFERENCES events(id) ON DELETE CASCADE,
    "to" text NOT NULL,
    subject text NOT NULL,
    text text NOT NULL,
    html text,
    category text NOT NULL DEFAULT 'SYSTEM' CHECK (category IN ('SYSTEM', 'CAMPAIGN', 'TEST')),
    communication_id uuid,
    status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'SENT', 'DEFERRED', 'FAILED', 'BOUNCED')),
    error text,
    queued_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
    sent_at timestamptz
  );
  CREATE INDEX email_log_event_idx ON email_log (event_id, queued_at DESC, id DESC);
  CREATE INDEX email_log_global_idx ON email_log (queued_at DESC, id DESC);
  CREATE INDEX email_log_communication_idx ON email_log (communication_id) WHERE communication_id IS NOT NULL;
`;
