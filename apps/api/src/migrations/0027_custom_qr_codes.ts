// Custom QR codes (issue 15): codes organisers print for places and things (a booth, a poster, a
// sponsor), each with points a SCAN_QR task can pay. qr_scans records who scanned which code: one
// row per participant and code (first and last scan, count), for custom codes and, from the
// agenda's QR check-ins, session codes; the custom-QR and session-QR reports read it.
export const up = `
  CREATE TABLE custom_qr_codes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    points integer NOT NULL DEFAULT 0 CHECK (points BETWEEN 0 AND 100000),
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX custom_qr_codes_event_idx ON custom_qr_codes (event_id, created_at DESC);

  CREATE TABLE qr_scans (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    code_type text NOT NULL CHECK (code_type IN ('CUSTOM_QR_CODE', 'SESSION_QR_CODE')),
    code_id uuid NOT NULL,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    via text NOT NULL DEFAULT 'APP' CHECK (via IN ('APP', 'EXTERNAL')),
    scan_count integer NOT NULL DEFAULT 1,
    first_scanned_at timestamptz NOT NULL DEFAULT now(),
    last_scanned_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (code_id, participant_id)
  );
  CREATE INDEX qr_scans_event_idx ON qr_scans (event_id, code_type, last_scanned_at DESC);
`;
