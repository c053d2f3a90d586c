// Migrations are plain SQL scripts so they say exactly what both PostgreSQL and PGlite run.
export const up = /* sql */ `
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      password_hash text,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      photo_url text,
      user_role text NOT NULL DEFAULT 'user' CHECK (user_role IN ('superadmin', 'user')),
      email_verified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL
    );
    CREATE UNIQUE INDEX users_email_key ON users (email);
    CREATE INDEX users_search_idx ON users USING gin ((first_name || ' ' || last_name || ' ' || email) gin_trgm_ops);

    CREATE TABLE organizations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      settings jsonb NOT NULL DEFAULT '{"status":"DRAFT"}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL
    );
    CREATE INDEX organizations_name_trgm ON organizations USING gin (name gin_trgm_ops);
    CREATE INDEX organizations_created_idx ON organizations (created_at);

    CREATE TABLE sso_providers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL,
      issuer text NOT NULL,
      client_id text NOT NULL,
      client_secret text NOT NULL,
      hosts text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX sso_providers_org_key ON sso_providers (organization_id);
    CREATE INDEX sso_providers_hosts_idx ON sso_providers USING gin (hosts);

    CREATE TABLE event_hubs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL
    );
    CREATE INDEX event_hubs_org_idx ON event_hubs (organization_id);
    CREATE INDEX event_hubs_name_trgm ON event_hubs USING gin (name gin_trgm_ops);

    CREATE TABLE events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_hub_id uuid NOT NULL REFERENCES event_hubs(id) ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL,
      timezone text NOT NULL DEFAULT 'UTC',
      address text NOT NULL DEFAULT '',
      primary_color text NOT NULL DEFAULT '#000000',
      secondary_color text NOT NULL DEFAULT '#000000',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      CHECK (start_at <= end_at)
    );
    CREATE INDEX events_hub_idx ON events (event_hub_id);
    CREATE INDEX events_org_idx ON events (organization_id);
    CREATE INDEX events_start_idx ON events (start_at);
    CREATE INDEX events_name_trgm ON events USING gin (name gin_trgm_ops);

    CREATE TABLE memberships (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      scope text NOT NULL CHECK (scope IN ('organization', 'eventHub', 'event')),
      scope_id uuid NOT NULL,
      role text NOT NULL CHECK (role IN ('admin', 'moderator')),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, scope, scope_id)
    );
    CREATE INDEX memberships_scope_idx ON memberships (scope, scope_id);

    CREATE TABLE participants (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (event_id, user_id)
    );
    CREATE INDEX participants_user_idx ON participants (user_id);

    CREATE TABLE auth_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      login_type text NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);

    CREATE TABLE one_time_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL,
      token_hash text NOT NULL,
      event_id uuid REFERENCES events(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX one_time_tokens_hash_key ON one_time_tokens (token_hash);
    CREATE INDEX one_time_tokens_user_idx ON one_time_tokens (user_id, purpose);

    CREATE TABLE sso_states (
      state text PRIMARY KEY,
      provider_id uuid NOT NULL REFERENCES sso_providers(id) ON DELETE CASCADE,
      code_verifier text NOT NULL,
      nonce text NOT NULL,
      host text NOT NULL,
      redirect text,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE throttle (
      key text PRIMARY KEY,
      window_start timestamptz NOT NULL,
      count integer NOT NULL
    );

    CREATE TABLE mail_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "to" text NOT NULL,
      subject text NOT NULL,
      text text NOT NULL,
      html text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);

    CREATE TABLE app_versions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform text NOT NULL CHECK (platform IN ('iOS', 'Android')),
      version text NOT NULL,
      is_required boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      UNIQUE (platform, version)
    );

    CREATE TABLE view_settings (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      table_key text NOT NULL,
      settings jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, table_key)
    );

    CREATE TABLE audit_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
      impersonated_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      action text NOT NULL,
      entity text NOT NULL,
      entity_id text,
      request_id text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);
`;
