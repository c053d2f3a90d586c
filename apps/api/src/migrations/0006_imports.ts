// Data imports (modules/imports): one row per uploaded file with its mapping, status, progress and
// summary (the history list); the rows verify found good, normalised, waiting for commit (staging,
// filled with COPY); the rows with errors, with their cells as uploaded and a message per cell.
export const up = /* sql */ `
    CREATE TABLE imports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      table_name text NOT NULL,
      file_name text NOT NULL,
      file_type text NOT NULL CHECK (file_type IN ('csv', 'xlsx')),
      file_size integer NOT NULL,
      -- The uploaded file in the private import store; null once discarded.
      file_key text,
      status text NOT NULL CHECK (status IN ('UPLOADED', 'VERIFYING', 'VERIFIED', 'INVALID', 'IMPORTING', 'COMPLETED', 'FAILED', 'CANCELLED')),
      headers jsonb NOT NULL DEFAULT '[]',
      -- [column key, header] pairs (the column keys are not camel-cased on the way out).
      mapping jsonb NOT NULL DEFAULT '[]',
      suggested_mapping jsonb NOT NULL DEFAULT '[]',
      phase text CHECK (phase IN ('verify', 'commit')),
      progress_done integer NOT NULL DEFAULT 0,
      progress_total integer,
      row_count integer,
      valid_count integer NOT NULL DEFAULT 0,
      error_count integer NOT NULL DEFAULT 0,
      created_count integer NOT NULL DEFAULT 0,
      updated_count integer NOT NULL DEFAULT 0,
      skipped_count integer NOT NULL DEFAULT 0,
      skip_invalid_rows boolean NOT NULL DEFAULT false,
      message text,
      -- Which run of verify or commit is current: a superseded or cancelled run stops at its next step.
      run_id uuid,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      verified_at timestamptz,
      completed_at timestamptz
    );
    CREATE INDEX imports_event_created_idx ON imports (event_id, created_at, id);
    CREATE INDEX imports_event_file_name_idx ON imports (event_id, lower(file_name), id);

    -- Good rows of the last verify: the key (a participant's e-mail) and the normalised row.
    CREATE TABLE import_rows (
      import_id uuid NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
      row_number integer NOT NULL,
      key text NOT NULL,
      data jsonb NOT NULL,
      -- Messages that apply only if the row creates a record (e.g. names of a new participant).
      create_errors jsonb,
      -- The cells as uploaded, kept only when create_errors is set (they may become an error row).
      cells jsonb,
      PRIMARY KEY (import_id, row_number)
    );

    CREATE TABLE import_errors (
      import_id uuid NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
      row_number integer NOT NULL,
      -- [header, cell text] pairs in file order.
      cells jsonb NOT NULL,
      -- [{ column, header, value, message }]
      errors jsonb NOT NULL,
      PRIMARY KEY (import_id, row_number)
    );
`;
