// Business-card exchange (issue 13): a participant scans someone's badge (PARTICIPANT_QR_CODE) and
// sends a card request; on acceptance both get each other as a contact. One request per ordered
// pair (unique): scanning again answers the existing one. Contacts are mutual rows, two per
// exchange (owner → contact), each with the owner's private note. The directories part reads
// business_card_contacts (event_id, owner_participant_id, contact_participant_id): keep them stable.
export const up = `
  CREATE TABLE business_card_requests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    from_participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    to_participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    note text NOT NULL DEFAULT '',
    status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ACCEPTED', 'DECLINED')),
    created_at timestamptz NOT NULL DEFAULT now(),
    responded_at timestamptz,
    CHECK (from_participant_id <> to_participant_id)
  );
  CREATE UNIQUE INDEX business_card_requests_pair_idx
    ON business_card_requests (event_id, from_participant_id, to_participant_id);
  CREATE INDEX business_card_requests_to_idx
    ON business_card_requests (to_participant_id, status, created_at DESC);
  CREATE INDEX business_card_requests_event_idx ON business_card_requests (event_id, status);

  CREATE TABLE business_card_contacts (
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    owner_participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    contact_participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    request_id uuid REFERENCES business_card_requests(id) ON DELETE SET NULL,
    note text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (owner_participant_id, contact_participant_id),
    CHECK (owner_participant_id <> contact_participant_id)
  );
  CREATE INDEX business_card_contacts_event_owner_idx
    ON business_card_contacts (event_id, owner_participant_id, created_at DESC);
  CREATE INDEX business_card_contacts_contact_idx ON business_card_contacts (contact_participant_id);
`;
