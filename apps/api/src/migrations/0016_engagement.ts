// Engagement (issue 12): tools with questions, run in sessions as instances; answers (one per
// instance, question and participant: the unique index is what makes tallies exact under
// concurrent votes); Q&A questions with upvotes, replies and the log of moderation decisions.
export const up = `
  CREATE TABLE engagement_tools (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    type text NOT NULL CHECK (type IN ('DOCUMENT', 'QUIZ', 'SURVEY', 'POLL', 'QA')),
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    anonymity text NOT NULL DEFAULT 'NOT_ANONYMOUS' CHECK (anonymity IN ('ANONYMOUS', 'NOT_ANONYMOUS', 'ALLOW_ANONYMOUS')),
    settings jsonb NOT NULL DEFAULT '{}',
    audience jsonb NOT NULL DEFAULT '{"type":"EVERYONE","labelIds":[],"rules":[]}',
    material_id uuid REFERENCES materials(id) ON DELETE SET NULL,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX engagement_tools_event_created_idx ON engagement_tools (event_id, created_at, id);
  CREATE INDEX engagement_tools_event_name_idx ON engagement_tools (event_id, lower(name), id);

  CREATE TABLE engagement_questions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tool_id uuid NOT NULL REFERENCES engagement_tools(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    position integer NOT NULL,
    type text NOT NULL CHECK (type IN ('TEXTBOX', 'RADIOBOX', 'CHECKBOX', 'LINEAR_SCALE', 'TEXT_FIELD')),
    text text NOT NULL,
    required boolean NOT NULL DEFAULT false,
    options jsonb NOT NULL DEFAULT '[]',
    scale_max integer CHECK (scale_max IS NULL OR scale_max BETWEEN 2 AND 10),
    scale_min_label text NOT NULL DEFAULT '',
    scale_max_label text NOT NULL DEFAULT '',
    correct_option_ids jsonb NOT NULL DEFAULT '[]',
    points integer NOT NULL DEFAULT 1000 CHECK (points >= 0),
    time_limit_sec integer NOT NULL DEFAULT 30 CHECK (time_limit_sec > 0)
  );
  CREATE INDEX engagement_questions_tool_idx ON engagement_questions (tool_id, position);

  CREATE TABLE engagement_tool_sessions (
    tool_id uuid NOT NULL REFERENCES engagement_tools(id) ON DELETE CASCADE,
    session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    PRIMARY KEY (tool_id, session_id)
  );
  CREATE INDEX engagement_tool_sessions_session_idx ON engagement_tool_sessions (session_id);

  CREATE TABLE engagement_instances (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tool_id uuid NOT NULL REFERENCES engagement_tools(id) ON DELETE CASCADE,
    session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    status text NOT NULL DEFAULT 'CLOSED' CHECK (status IN ('OPEN', 'CLOSED', 'SCHEDULED')),
    opens_at timestamptz,
    closes_at timestamptz,
    opened_at timestamptz,
    closed_at timestamptz,
    quiz_phase text NOT NULL DEFAULT 'LOBBY' CHECK (quiz_phase IN ('LOBBY', 'QUESTION', 'LEADERBOARD', 'FINISHED')),
    quiz_question_index integer,
    quiz_started_at timestamptz,
    quiz_deadline timestamptz,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (closes_at IS NULL OR opens_at IS NULL OR closes_at > opens_at)
  );
  CREATE INDEX engagement_instances_tool_idx ON engagement_instances (tool_id, created_at);
  CREATE INDEX engagement_instances_session_idx ON engagement_instances (session_id, status);
  CREATE INDEX engagement_instances_due_idx ON engagement_instances (opens_at) WHERE status = 'SCHEDULED';
  CREATE INDEX engagement_instances_closing_idx ON engagement_instances (closes_at) WHERE status = 'OPEN' AND closes_at IS NOT NULL;

  CREATE TABLE engagement_answers (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    instance_id uuid NOT NULL REFERENCES engagement_instances(id) ON DELETE CASCADE,
    question_id uuid NOT NULL REFERENCES engagement_questions(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    option_ids jsonb NOT NULL DEFAULT '[]',
    text text,
    -- Word clouds: the merged, filtered form of text (null when it may not be shown).
    word text,
    value integer,
    anonymous boolean NOT NULL DEFAULT false,
    correct boolean,
    points integer NOT NULL DEFAULT 0,
    elapsed_ms integer,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (instance_id, question_id, participant_id)
  );
  CREATE INDEX engagement_answers_participant_idx ON engagement_answers (participant_id);

  CREATE TABLE qa_questions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    instance_id uuid NOT NULL REFERENCES engagement_instances(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    text text NOT NULL,
    original_text text,
    anonymous boolean NOT NULL DEFAULT false,
    status text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
    starred boolean NOT NULL DEFAULT false,
    highlighted boolean NOT NULL DEFAULT false,
    answered boolean NOT NULL DEFAULT false,
    upvote_count integer NOT NULL DEFAULT 0 CHECK (upvote_count >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX qa_questions_instance_idx ON qa_questions (instance_id, status, created_at);
  CREATE INDEX qa_questions_participant_idx ON qa_questions (participant_id);

  CREATE TABLE qa_upvotes (
    question_id uuid NOT NULL REFERENCES qa_questions(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (question_id, participant_id)
  );
  CREATE INDEX qa_upvotes_participant_idx ON qa_upvotes (participant_id);

  CREATE TABLE qa_replies (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    question_id uuid NOT NULL REFERENCES qa_questions(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    author_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    text text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX qa_replies_question_idx ON qa_replies (question_id, created_at);

  CREATE TABLE moderation_decisions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    question_id uuid NOT NULL REFERENCES qa_questions(id) ON DELETE CASCADE,
    instance_id uuid NOT NULL REFERENCES engagement_instances(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    action text NOT NULL,
    by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    at timestamptz NOT NULL DEFAULT now(),
    before_text text,
    after_text text
  );
  CREATE INDEX moderation_decisions_instance_idx ON moderation_decisions (instance_id, at);
  CREATE INDEX moderation_decisions_question_idx ON moderation_decisions (question_id, at);
`;
