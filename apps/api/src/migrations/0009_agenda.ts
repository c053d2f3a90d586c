// Agenda and content: locations, materials, interactive maps and pins, collections, breakouts,
// sessions (speakers, moderators, collections, materials), enrollments with waitlist, check-ins.
//
// Capacity under concurrency: enrolling locks the session row (SELECT … FOR UPDATE) and, for an
// enrollable breakout, the breakout row, then counts. `enrolled_count` / `waitlisted_count` are
// kept in the same transaction so lists never count enrollments per row.
// Audiences (`audience` jsonb: { type, labelIds, rules }) use the label rule engine.
export const up = /* sql */ `
    CREATE TABLE locations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      map_location_url text,
      pdf_map_key text,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX locations_event_name_key ON locations (event_id, lower(name));
    CREATE INDEX locations_event_created_idx ON locations (event_id, created_at, id);
    CREATE INDEX locations_name_trgm ON locations USING gin (name gin_trgm_ops);

    CREATE TABLE materials (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      file_key text NOT NULL,
      file_name text NOT NULL,
      file_type text NOT NULL,
      file_size bigint NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX materials_event_name_idx ON materials (event_id, lower(name), id);
    CREATE INDEX materials_event_updated_idx ON materials (event_id, updated_at, id);
    CREATE INDEX materials_name_trgm ON materials USING gin (name gin_trgm_ops);

    CREATE TABLE interactive_maps (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      file_key text NOT NULL,
      file_type text NOT NULL CHECK (file_type IN ('png', 'jpeg', 'pdf')),
      width integer,
      height integer,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX interactive_maps_event_name_idx ON interactive_maps (event_id, lower(name), id);

    CREATE TABLE collections (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      color text NOT NULL DEFAULT '#1c7ed6',
      audience jsonb NOT NULL DEFAULT '{"type":"EVERYONE","labelIds":[],"rules":[]}',
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX collections_event_name_key ON collections (event_id, lower(name));

    CREATE TABLE breakouts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      enrollable boolean NOT NULL DEFAULT true,
      capacity integer CHECK (capacity IS NULL OR capacity >= 0),
      audience jsonb NOT NULL DEFAULT '{"type":"EVERYONE","labelIds":[],"rules":[]}',
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX breakouts_event_name_key ON breakouts (event_id, lower(name));

    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      type text NOT NULL DEFAULT 'SESSION' CHECK (type IN ('SESSION', 'KEYNOTE', 'PANEL', 'WORKSHOP', 'NETWORKING', 'BREAK')),
      status text NOT NULL DEFAULT 'PUBLISHED' CHECK (status IN ('DRAFT', 'PUBLISHED')),
      access_control text NOT NULL DEFAULT 'OPEN' CHECK (access_control IN ('OPEN', 'ENROLLED_ONLY')),
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL,
      virtual_link text,
      location_id uuid REFERENCES locations(id) ON DELETE SET NULL,
      breakout_id uuid REFERENCES breakouts(id) ON DELETE SET NULL,
      audience jsonb NOT NULL DEFAULT '{"type":"EVERYONE","labelIds":[],"rules":[]}',
      capacity integer CHECK (capacity IS NULL OR capacity >= 0),
      enrollable boolean NOT NULL DEFAULT false,
      waitlist boolean NOT NULL DEFAULT true,
      enrolled_count integer NOT NULL DEFAULT 0,
      waitlisted_count integer NOT NULL DEFAULT 0,
      attended_count integer NOT NULL DEFAULT 0,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (start_at < end_at)
    );
    CREATE INDEX sessions_event_start_idx ON sessions (event_id, start_at, id);
    CREATE INDEX sessions_event_name_idx ON sessions (event_id, lower(name), id);
    CREATE INDEX sessions_event_created_idx ON sessions (event_id, created_at, id);
    CREATE INDEX sessions_location_idx ON sessions (location_id);
    CREATE INDEX sessions_breakout_idx ON sessions (breakout_id);
    CREATE INDEX sessions_name_trgm ON sessions USING gin (name gin_trgm_ops);

    CREATE TABLE session_speakers (
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (session_id, participant_id)
    );
    CREATE INDEX session_speakers_participant_idx ON session_speakers (participant_id);

    CREATE TABLE session_moderators (
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      PRIMARY KEY (session_id, user_id)
    );
    CREATE INDEX session_moderators_user_idx ON session_moderators (user_id);

    CREATE TABLE session_collections (
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      collection_id uuid NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
      PRIMARY KEY (session_id, collection_id)
    );
    CREATE INDEX session_collections_collection_idx ON session_collections (collection_id);

    CREATE TABLE session_materials (
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      material_id uuid NOT NULL REFERENCES materials(id) ON DELETE CASCADE,
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (session_id, material_id)
    );
    CREATE INDEX session_materials_material_idx ON session_materials (material_id);

    CREATE TABLE map_pins (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      map_id uuid NOT NULL REFERENCES interactive_maps(id) ON DELETE CASCADE,
      name text NOT NULL,
      x double precision NOT NULL CHECK (x >= 0 AND x <= 1),
      y double precision NOT NULL CHECK (y >= 0 AND y <= 1),
      color text NOT NULL DEFAULT '#e03131',
      location_id uuid REFERENCES locations(id) ON DELETE SET NULL,
      session_id uuid REFERENCES sessions(id) ON DELETE SET NULL,
      material_id uuid REFERENCES materials(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX map_pins_map_idx ON map_pins (map_id);
    CREATE INDEX map_pins_location_idx ON map_pins (location_id) WHERE location_id IS NOT NULL;
    CREATE INDEX map_pins_session_idx ON map_pins (session_id) WHERE session_id IS NOT NULL;
    CREATE INDEX map_pins_material_idx ON map_pins (material_id) WHERE material_id IS NOT NULL;

    -- A seat (ENROLLED) or a place in the queue (WAITLISTED, promoted oldest first).
    CREATE TABLE enrollments (
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      state text NOT NULL CHECK (state IN ('ENROLLED', 'WAITLISTED')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      PRIMARY KEY (session_id, participant_id)
    );
    -- My Agenda: a participant's sessions.
    CREATE INDEX enrollments_participant_idx ON enrollments (participant_id, session_id) INCLUDE (state);
    -- Waitlist order and the session's attendee list.
    CREATE INDEX enrollments_session_state_idx ON enrollments (session_id, state, created_at);

    CREATE TABLE session_check_ins (
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      method text NOT NULL CHECK (method IN ('QR', 'ADMIN')),
      checked_in_at timestamptz NOT NULL DEFAULT now(),
      checked_in_by uuid REFERENCES users(id) ON DELETE SET NULL,
      PRIMARY KEY (session_id, participant_id)
    );
    CREATE INDEX session_check_ins_participant_idx ON session_check_ins (participant_id);
    CREATE INDEX session_check_ins_event_idx ON session_check_ins (event_id, checked_in_at);
`;
