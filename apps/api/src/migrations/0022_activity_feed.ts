// Activity feed (issue 13, deliverable 5): posts with up to 4 images, comments, likes, reports,
// an optional approval per event and pinned announcements. Authors are users (organisers may post
// without being participants); `participant_id` is set when the author is a participant of the event.
// created_at is kept to the millisecond so the keyset cursor `<createdAt>,<id>` round-trips through JSON.
export const up = `
  CREATE TABLE feed_settings (
    event_id uuid PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    approval_required boolean NOT NULL DEFAULT false,
    updated_at timestamptz NOT NULL DEFAULT now()
  );

  CREATE TABLE feed_posts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    author_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    participant_id uuid REFERENCES participants(id) ON DELETE CASCADE,
    text text NOT NULL DEFAULT '',
    status text NOT NULL DEFAULT 'APPROVED' CHECK (status IN ('PENDING', 'APPROVED', 'HIDDEN')),
    announcement boolean NOT NULL DEFAULT false,
    pinned_at timestamptz,
    like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
    comment_count integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
    report_count integer NOT NULL DEFAULT 0 CHECK (report_count >= 0),
    created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX feed_posts_event_idx ON feed_posts (event_id, created_at DESC, id DESC);
  CREATE INDEX feed_posts_status_idx ON feed_posts (event_id, status, created_at DESC);
  CREATE INDEX feed_posts_pinned_idx ON feed_posts (event_id, pinned_at) WHERE pinned_at IS NOT NULL;
  CREATE INDEX feed_posts_reported_idx ON feed_posts (event_id) WHERE report_count > 0;
  CREATE INDEX feed_posts_author_idx ON feed_posts (author_user_id);
  CREATE INDEX feed_posts_participant_idx ON feed_posts (participant_id);

  CREATE TABLE feed_images (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    uploader_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    post_id uuid REFERENCES feed_posts(id) ON DELETE CASCADE,
    position integer NOT NULL DEFAULT 0,
    url text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX feed_images_post_idx ON feed_images (post_id, position);
  CREATE INDEX feed_images_uploader_idx ON feed_images (uploader_user_id, event_id);
  CREATE INDEX feed_images_event_idx ON feed_images (event_id);

  CREATE TABLE feed_comments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    post_id uuid NOT NULL REFERENCES feed_posts(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    author_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    participant_id uuid REFERENCES participants(id) ON DELETE CASCADE,
    text text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX feed_comments_post_idx ON feed_comments (post_id, created_at, id);
  CREATE INDEX feed_comments_event_idx ON feed_comments (event_id);
  CREATE INDEX feed_comments_author_idx ON feed_comments (author_user_id);
  CREATE INDEX feed_comments_participant_idx ON feed_comments (participant_id);

  CREATE TABLE feed_likes (
    post_id uuid NOT NULL REFERENCES feed_posts(id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (post_id, user_id)
  );
  CREATE INDEX feed_likes_user_idx ON feed_likes (user_id);

  CREATE TABLE feed_reports (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    post_id uuid NOT NULL REFERENCES feed_posts(id) ON DELETE CASCADE,
    reporter_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    reason text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (post_id, reporter_user_id)
  );
  CREATE INDEX feed_reports_reporter_idx ON feed_reports (reporter_user_id);
`;
