// Chat (issue 13): 1:1, group and session conversations, messages with a per-conversation sequence
// number (assigned from chat_conversations.last_seq in the insert statement), one last-read pointer
// per member (unread = last_seq − last_read_seq), blocks, reports, the organiser's settings and blacklist.
export const up = `
  CREATE TABLE chat_settings (
    event_id uuid PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    enabled boolean NOT NULL DEFAULT true,
    session_chats boolean NOT NULL DEFAULT false,
    group_member_cap integer NOT NULL DEFAULT 20 CHECK (group_member_cap BETWEEN 2 AND 500),
    updated_at timestamptz NOT NULL DEFAULT now(),
    updated_by uuid REFERENCES users(id) ON DELETE SET NULL
  );

  CREATE TABLE chat_conversations (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('DIRECT', 'GROUP', 'SESSION')),
    name text,
    session_id uuid REFERENCES sessions(id) ON DELETE CASCADE,
    pair_key text,
    created_by uuid REFERENCES participants(id) ON DELETE SET NULL,
    last_seq integer NOT NULL DEFAULT 0,
    last_message_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((kind = 'DIRECT') = (pair_key IS NOT NULL)),
    CHECK ((kind = 'SESSION') = (session_id IS NOT NULL))
  );
  CREATE UNIQUE INDEX chat_conversations_pair ON chat_conversations (event_id, pair_key) WHERE pair_key IS NOT NULL;
  CREATE UNIQUE INDEX chat_conversations_session ON chat_conversations (session_id) WHERE session_id IS NOT NULL;
  CREATE INDEX chat_conversations_event ON chat_conversations (event_id);

  CREATE TABLE chat_members (
    conversation_id uuid NOT NULL REFERENCES chat_conversations(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    last_read_seq integer NOT NULL DEFAULT 0,
    joined_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (conversation_id, participant_id)
  );
  CREATE INDEX chat_members_participant ON chat_members (participant_id);

  CREATE TABLE chat_messages (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    conversation_id uuid NOT NULL REFERENCES chat_conversations(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    seq integer NOT NULL,
    sender_id uuid REFERENCES participants(id) ON DELETE CASCADE,
    text text NOT NULL,
    client_id text,
    hidden boolean NOT NULL DEFAULT false,
    hidden_by uuid REFERENCES users(id) ON DELETE SET NULL,
    hidden_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (conversation_id, seq)
  );
  CREATE UNIQUE INDEX chat_messages_client ON chat_messages (conversation_id, sender_id, client_id) WHERE client_id IS NOT NULL;
  CREATE INDEX chat_messages_event ON chat_messages (event_id);

  CREATE TABLE chat_blocks (
    blocker_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    blocked_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (blocker_id, blocked_id)
  );
  CREATE INDEX chat_blocks_blocked ON chat_blocks (blocked_id);

  CREATE TABLE chat_blacklist (
    participant_id uuid PRIMARY KEY REFERENCES participants(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX chat_blacklist_event ON chat_blacklist (event_id);

  CREATE TABLE chat_reports (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    message_id uuid NOT NULL REFERENCES chat_messages(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    reporter_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    reason text NOT NULL,
    status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'HIDDEN', 'DISMISSED')),
    resolved_by uuid REFERENCES users(id) ON DELETE SET NULL,
    resolved_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (message_id, reporter_id)
  );
  CREATE INDEX chat_reports_event ON chat_reports (event_id, status, created_at DESC);
`;
