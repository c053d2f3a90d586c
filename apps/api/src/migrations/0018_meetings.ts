// Networking (issue 13): 1:1 meetings. Organisers define meeting windows ("intervals") per event day;
// slots are derived from them (packages/domain networking/meetings.ts). A request holds its slot for
// both people through meeting_slot_holds: one row per person and slot start, unique, inserted for
// both in one statement, so of two racing requests for the same person and slot exactly one wins.
export const up = `
  CREATE TABLE meeting_settings (
    event_id uuid PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    request_quota integer NOT NULL DEFAULT 10 CHECK (request_quota BETWEEN 1 AND 1000),
    updated_at timestamptz NOT NULL DEFAULT now(),
    updated_by uuid REFERENCES users(id) ON DELETE SET NULL
  );

  CREATE TABLE meeting_windows (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    day date NOT NULL,
    start_time text NOT NULL,
    end_time text NOT NULL,
    starts_at timestamptz NOT NULL,
    ends_at timestamptz NOT NULL,
    slot_minutes integer NOT NULL CHECK (slot_minutes BETWEEN 5 AND 120 AND slot_minutes % 5 = 0),
    meeting_points jsonb NOT NULL DEFAULT '[]'::jsonb,
    bookable_by jsonb NOT NULL DEFAULT '{"type":"EVERYONE","labelIds":[]}'::jsonb,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (ends_at > starts_at)
  );
  CREATE INDEX meeting_windows_event_idx ON meeting_windows (event_id, starts_at);

  CREATE TABLE meeting_availability (
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, participant_id)
  );
  CREATE INDEX meeting_availability_participant_idx ON meeting_availability (participant_id);

  CREATE TABLE meetings (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    window_id uuid NOT NULL REFERENCES meeting_windows(id) ON DELETE CASCADE,
    requester_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    invitee_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    awaiting_id uuid REFERENCES participants(id) ON DELETE CASCADE,
    starts_at timestamptz NOT NULL,
    ends_at timestamptz NOT NULL,
    status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ACCEPTED', 'DECLINED', 'CANCELLED')),
    message text NOT NULL DEFAULT '',
    meeting_point text,
    booked_by text NOT NULL DEFAULT 'PARTICIPANT' CHECK (booked_by IN ('PARTICIPANT', 'ADMIN')),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (requester_id <> invitee_id)
  );
  CREATE INDEX meetings_event_idx ON meetings (event_id, starts_at);
  CREATE INDEX meetings_requester_idx ON meetings (requester_id, status);
  CREATE INDEX meetings_invitee_idx ON meetings (invitee_id, status);
  CREATE INDEX meetings_window_idx ON meetings (window_id);
  CREATE UNIQUE INDEX meetings_point_taken_idx ON meetings (window_id, starts_at, meeting_point)
    WHERE status = 'ACCEPTED' AND meeting_point IS NOT NULL;

  CREATE TABLE meeting_slot_holds (
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    starts_at timestamptz NOT NULL,
    meeting_id uuid NOT NULL REFERENCES meetings(id) ON DELETE CASCADE,
    PRIMARY KEY (event_id, participant_id, starts_at)
  );
  CREATE INDEX meeting_slot_holds_meeting_idx ON meeting_slot_holds (meeting_id);
`;
