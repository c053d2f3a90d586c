// Attendees: the per-event participant profile, custom fields, labels (manual and rule-based) and
// the magic-links log.
//
// A participant's profile lives on its `participants` row (one per event and account): names,
// job title, company, phone, bio, photo and custom-field values (jsonb keyed by custom field id).
// An event admin edits that event's profile, never the account that other tenants see. The account's
// e-mail is copied in (kept by triggers) so that search, sort and page run on one table, each
// sort on an index (event_id, key, id): a page is read straight off the index at 100k participants.
export const up = /* sql */ `
    ALTER TABLE participants
      ADD COLUMN email text NOT NULL DEFAULT '',
      ADD COLUMN first_name text NOT NULL DEFAULT '',
      ADD COLUMN last_name text NOT NULL DEFAULT '',
      ADD COLUMN job_title text NOT NULL DEFAULT '',
      ADD COLUMN company text NOT NULL DEFAULT '',
      ADD COLUMN phone text NOT NULL DEFAULT '',
      ADD COLUMN bio text NOT NULL DEFAULT '',
      ADD COLUMN photo_url text,
      ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN updated_by uuid REFERENCES users(id) ON DELETE SET NULL;

    UPDATE participants p
       SET email = u.email, first_name = u.first_name, last_name = u.last_name, photo_url = u.photo_url
      FROM users u
     WHERE u.id = p.user_id;

    -- A row inserted without a profile (other modules, the demo seed, test factories) starts
    -- from the account's e-mail, names and photo.
    CREATE FUNCTION participants_fill_from_user() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      u record;
    BEGIN
      IF NEW.email = '' THEN
        SELECT email, first_name, last_name, photo_url INTO u FROM users WHERE id = NEW.user_id;
        IF FOUND THEN
          NEW.email := u.email;
          IF NEW.first_name = '' THEN NEW.first_name := u.first_name; END IF;
          IF NEW.last_name = '' THEN NEW.last_name := u.last_name; END IF;
          IF NEW.photo_url IS NULL THEN NEW.photo_url := u.photo_url; END IF;
        END IF;
      END IF;
      RETURN NEW;
    END
    $$;
    CREATE TRIGGER participants_fill_from_user BEFORE INSERT ON participants
      FOR EACH ROW EXECUTE FUNCTION participants_fill_from_user();

    -- The e-mail is the account's: when it changes, every participant row follows.
    CREATE FUNCTION users_email_to_participants() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE participants SET email = NEW.email WHERE user_id = NEW.id;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER users_email_to_participants AFTER UPDATE OF email ON users
      FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION users_email_to_participants();

    -- Sorts of the participants list (each with id, the tiebreak of every order).
    CREATE INDEX participants_last_name_sort_idx ON participants (event_id, lower(last_name), id);
    CREATE INDEX participants_first_name_sort_idx ON participants (event_id, lower(first_name), id);
    CREATE INDEX participants_email_sort_idx ON participants (event_id, email, id);
    CREATE INDEX participants_company_sort_idx ON participants (event_id, lower(company), id);
    CREATE INDEX participants_job_title_sort_idx ON participants (event_id, lower(job_title), id);
    CREATE INDEX participants_created_sort_idx ON participants (event_id, created_at, id);
    CREATE INDEX participants_updated_sort_idx ON participants (event_id, updated_at, id);
    -- Search: names and company (the directory), e-mail (admins).
    CREATE INDEX participants_name_company_trgm ON participants
      USING gin ((first_name || ' ' || last_name || ' ' || company) gin_trgm_ops);
    CREATE INDEX participants_email_trgm ON participants USING gin (email gin_trgm_ops);
    -- Custom-field equality and ENUM filters (containment, @>).
    CREATE INDEX participants_custom_fields_idx ON participants USING gin (custom_fields jsonb_path_ops);

    CREATE TABLE custom_fields (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name text NOT NULL,
      data_type text NOT NULL CHECK (data_type IN ('STRING', 'BOOLEAN', 'DATE', 'NUMBER', 'CURRENCY', 'TIME', 'PROFILE_LINK', 'ENUM')),
      settings jsonb NOT NULL DEFAULT '{}',
      editable_by_participant boolean NOT NULL DEFAULT false,
      show_in_profile boolean NOT NULL DEFAULT false,
      currency_code text,
      position integer NOT NULL DEFAULT 0,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL
    );
    CREATE UNIQUE INDEX custom_fields_event_name_key ON custom_fields (event_id, lower(name));
    CREATE INDEX custom_fields_event_position_idx ON custom_fields (event_id, position, id);

    CREATE TABLE labels (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name text NOT NULL,
      color text NOT NULL DEFAULT '#000000',
      type text NOT NULL CHECK (type IN ('MANUAL', 'RULE')),
      rules jsonb NOT NULL DEFAULT '[]',
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL
    );
    CREATE UNIQUE INDEX labels_event_name_key ON labels (event_id, lower(name));
    CREATE INDEX labels_event_name_sort_idx ON labels (event_id, lower(name), id);
    CREATE INDEX labels_event_created_sort_idx ON labels (event_id, created_at, id);

    -- Members of manual labels (set by hand) and of rule labels (computed by the server).
    CREATE TABLE participant_labels (
      label_id uuid NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
      participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (label_id, participant_id)
    );
    CREATE INDEX participant_labels_participant_idx ON participant_labels (participant_id, label_id);

    -- Who was sent which sign-in link, when, by whom; the token row says when it was used.
    CREATE TABLE magic_links (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_id uuid NOT NULL REFERENCES one_time_tokens(id) ON DELETE CASCADE,
      email text NOT NULL,
      sent_by uuid REFERENCES users(id) ON DELETE SET NULL,
      sent_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX magic_links_event_sent_idx ON magic_links (event_id, sent_at, id);
    CREATE INDEX magic_links_participant_idx ON magic_links (participant_id);
    CREATE INDEX magic_links_token_idx ON magic_links (token_id);
    CREATE INDEX one_time_tokens_event_user_idx ON one_time_tokens (event_id, user_id) WHERE event_id IS NOT NULL;
`;
