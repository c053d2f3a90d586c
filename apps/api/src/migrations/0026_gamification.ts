// Gamification (issue 15). A game belongs to an event; its tasks pay points for what participants
// do (fed by domain events), its badges are earned by completing sets of tasks. The ledger is the
// truth: one row per award, unique per game, player, task and target, so a retried or parallel
// delivery awards once. Scores and ranks are computed from it (the Redis sorted set is a
// projection that can be rebuilt from it). Assigned points (by hand or imported) are ledger rows
// too, with their own source row. Progress records what a player has done towards a task's targets
// (COMPLETION over specific targets pays once all are done). A task's WEIGHTED_POINTS weight is
// kept in hundredths (weight_percent 150 = ×1.5) so scores stay exact integers.
export const up = `
  CREATE TABLE games (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    mode text NOT NULL DEFAULT 'INDIVIDUAL' CHECK (mode IN ('INDIVIDUAL', 'TEAM')),
    scoring text NOT NULL DEFAULT 'TOTAL_POINTS' CHECK (scoring IN ('TOTAL_POINTS', 'WEIGHTED_POINTS')),
    team_source text NOT NULL DEFAULT 'LABELS' CHECK (team_source IN ('LABELS', 'MANUAL')),
    team_aggregate text NOT NULL DEFAULT 'SUM' CHECK (team_aggregate IN ('SUM', 'MEAN', 'TOP_K')),
    team_top_k integer NOT NULL DEFAULT 5 CHECK (team_top_k BETWEEN 1 AND 1000),
    starts_at timestamptz,
    ends_at timestamptz,
    excluded_label_ids uuid[] NOT NULL DEFAULT '{}',
    leaderboard_size integer NOT NULL DEFAULT 10 CHECK (leaderboard_size BETWEEN 3 AND 100),
    is_published boolean NOT NULL DEFAULT true,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
  );
  CREATE INDEX games_event_idx ON games (event_id, created_at DESC);

  CREATE TABLE game_teams (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    game_id uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    name text NOT NULL,
    label_id uuid REFERENCES labels(id) ON DELETE CASCADE,
    position integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX game_teams_game_idx ON game_teams (game_id, position);
  CREATE UNIQUE INDEX game_teams_label_idx ON game_teams (game_id, label_id) WHERE label_id IS NOT NULL;

  CREATE TABLE game_team_members (
    game_id uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    team_id uuid NOT NULL REFERENCES game_teams(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    PRIMARY KEY (game_id, participant_id)
  );
  CREATE INDEX game_team_members_team_idx ON game_team_members (team_id);

  CREATE TABLE game_tasks (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    game_id uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('SURVEY', 'QUIZ', 'ACTIVITY_FEED', 'QA', 'VIEW_DOCUMENT',
      'ATTEND_SESSION', 'REGISTER_SESSION', 'POPULATE_PROFILE', 'REGISTRATION_FORM',
      'SIGN_UP_FOR_MEETING', 'DOWNLOAD_APP', 'SCAN_QR', 'BUSINESS_CARD_EXCHANGE')),
    type text NOT NULL CHECK (type IN ('COMPLETION', 'TYPE_POINTS')),
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    target text NOT NULL DEFAULT 'ANY' CHECK (target IN ('ANY', 'SPECIFIC')),
    target_ids uuid[] NOT NULL DEFAULT '{}',
    points integer NOT NULL DEFAULT 0 CHECK (points BETWEEN 0 AND 100000),
    points_per_sub_task integer CHECK (points_per_sub_task BETWEEN 0 AND 100000),
    tasks_points_limit integer CHECK (tasks_points_limit BETWEEN 0 AND 10000000),
    weight_percent integer NOT NULL DEFAULT 100 CHECK (weight_percent BETWEEN 0 AND 100000),
    position integer NOT NULL DEFAULT 0,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX game_tasks_game_idx ON game_tasks (game_id, position);
  CREATE INDEX game_tasks_event_kind_idx ON game_tasks (event_id, kind);

  CREATE TABLE game_badges (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    game_id uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    icon text NOT NULL DEFAULT 'star',
    color text NOT NULL DEFAULT '#b45309',
    task_ids uuid[] NOT NULL DEFAULT '{}',
    position integer NOT NULL DEFAULT 0,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX game_badges_game_idx ON game_badges (game_id, position);

  CREATE TABLE game_assigned_points (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    game_id uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    task_id uuid REFERENCES game_tasks(id) ON DELETE SET NULL,
    points integer NOT NULL CHECK (points BETWEEN -100000 AND 100000 AND points <> 0),
    reason text NOT NULL,
    import_id uuid,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX game_assigned_points_game_idx ON game_assigned_points (game_id, created_at DESC);

  CREATE TABLE game_task_progress (
    game_id uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    task_id uuid NOT NULL REFERENCES game_tasks(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    target_key text NOT NULL,
    done_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (task_id, participant_id, target_key)
  );
  CREATE INDEX game_task_progress_player_idx ON game_task_progress (game_id, participant_id);

  CREATE TABLE game_ledger (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    game_id uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    task_id uuid REFERENCES game_tasks(id) ON DELETE CASCADE,
    assigned_id uuid REFERENCES game_assigned_points(id) ON DELETE CASCADE,
    target_key text NOT NULL DEFAULT '',
    points integer NOT NULL,
    source_event_id uuid,
    awarded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    CHECK ((task_id IS NULL) <> (assigned_id IS NULL))
  );
  CREATE UNIQUE INDEX game_ledger_award_idx ON game_ledger (game_id, participant_id, task_id, target_key)
    WHERE task_id IS NOT NULL;
  CREATE UNIQUE INDEX game_ledger_assigned_idx ON game_ledger (assigned_id) WHERE assigned_id IS NOT NULL;
  CREATE INDEX game_ledger_player_idx ON game_ledger (game_id, participant_id, awarded_at);
  CREATE INDEX game_ledger_task_idx ON game_ledger (task_id, participant_id);

  CREATE TABLE game_badge_awards (
    badge_id uuid NOT NULL REFERENCES game_badges(id) ON DELETE CASCADE,
    game_id uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    earned_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (badge_id, participant_id)
  );
  CREATE INDEX game_badge_awards_player_idx ON game_badge_awards (game_id, participant_id);

  CREATE TABLE game_opt_outs (
    game_id uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, participant_id)
  );

  CREATE TABLE app_installs (
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    participant_id uuid NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
    platform text NOT NULL DEFAULT 'WEB',
    installed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, participant_id)
  );
`;
