// Push and inbox (issue 14, deliverables 1, 2 and 7): Web Push subscriptions (one per browser,
// the endpoint unique), the participant's in-app inbox, automatic reminder settings per event and
// the reminders already sent (the primary key makes each reminder go out once, across processes).
// inbox_items.communication_id has no foreign key here: communications are created by 0024.
export const up = `
  CREATE TABLE push_subscriptions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    event_id uuid REFERENCES events(id) ON DELETE CASCADE,
    endpoint text NOT NULL UNIQUE,
    p256dh text NOT NULL,
    auth text NOT NULL,
    user_agent text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
  CREATE INDEX push_subscriptions_event_idx ON push_subscriptions (event_id);

  CREATE TABLE inbox_items (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    communication_id uuid,
    title text NOT NULL,
    body text NOT NULL DEFAULT '',
    url text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
    read_at timestamptz
  );
  CREATE INDEX inbox_items_participant_idx ON inbox_items (participant_id, created_at DESC, id DESC);
  CREATE INDEX inbox_items_unread_idx ON inbox_items (participant_id) WHERE read_at IS NULL;
  CREATE INDEX inbox_items_event_idx ON inbox_items (event_id);
  CREATE INDEX inbox_items_communication_idx ON inbox_items (communication_id) WHERE communication_id IS NOT NULL;

  CREATE TABLE reminder_settings (
    event_id uuid PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    enabled boolean NOT NULL DEFAULT true,
    minutes_before integer NOT NULL DEFAULT 10 CHECK (minutes_before BETWEEN 1 AND 1440),
    updated_at timestamptz NOT NULL DEFAULT now()
  );

  CREATE TABLE reminders_sent (
    kind text NOT NULL CHECK (kind IN ('SESSION', 'MEETING')),
    item_id uuid NOT NULL,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    sent_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, item_id, participant_id)
  );
  CREATE INDEX reminders_sent_participant_idx ON reminders_sent (participant_id);
  CREATE INDEX reminders_sent_event_idx ON reminders_sent (event_id);
`;
