// Directories (issue 13): an organiser's configured views of the event's people (spec part 9: view
// LIST_VIEW/GRID/CAROUSEL/PILL; filter ALL_PARTICIPANTS, ALL_SPEAKERS, SESSION_SPEAKERS, CUSTOM,
// BUSINESS_CARD_EXCHANGED, USERS_AVAILABLE_FOR_MEETINGS). The filter's arguments live beside it:
// session_ids (SESSION_SPEAKERS), label_ids and custom_field_values (CUSTOM: [{fieldId, values}]).
// shown_fields: which public profile fields a card shows (jobTitle, company, bio, photo, and
// custom field ids marked showInProfile). Participants browse them in position order.
export const up = `
  CREATE TABLE directories (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    name text NOT NULL,
    view text NOT NULL DEFAULT 'LIST_VIEW' CHECK (view IN ('LIST_VIEW', 'GRID', 'CAROUSEL', 'PILL')),
    filter text NOT NULL DEFAULT 'ALL_PARTICIPANTS' CHECK (filter IN ('ALL_PARTICIPANTS', 'ALL_SPEAKERS',
      'SESSION_SPEAKERS', 'CUSTOM', 'BUSINESS_CARD_EXCHANGED', 'USERS_AVAILABLE_FOR_MEETINGS')),
    session_ids uuid[] NOT NULL DEFAULT '{}',
    label_ids uuid[] NOT NULL DEFAULT '{}',
    custom_field_values jsonb NOT NULL DEFAULT '[]'::jsonb,
    shown_fields text[] NOT NULL DEFAULT '{jobTitle,company,photo}',
    sort text NOT NULL DEFAULT 'LAST_NAME' CHECK (sort IN ('LAST_NAME', 'FIRST_NAME', 'COMPANY')),
    position integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    updated_by uuid REFERENCES users(id) ON DELETE SET NULL
  );
  CREATE INDEX directories_event_idx ON directories (event_id, position, lower(name), id);
  CREATE INDEX directories_name_trgm ON directories USING gin (name gin_trgm_ops);
  -- Directory pages leave hidden profiles out: the visible participants of an event, in the sort orders.
  CREATE INDEX participants_visible_last_name_idx ON participants (event_id, lower(last_name), id)
    WHERE NOT profile_hidden;
  CREATE INDEX participants_visible_first_name_idx ON participants (event_id, lower(first_name), id)
    WHERE NOT profile_hidden;
  CREATE INDEX participants_visible_company_idx ON participants (event_id, lower(company), id)
    WHERE NOT profile_hidden;
`;
