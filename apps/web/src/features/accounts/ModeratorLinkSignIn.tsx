import { Alert, Anchor, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { sessionSchema } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { apiFetch } from '../../shared/api/client';
import { useApiQuery } from '../../shared/api/query';
import { useUserState } from '../../shared/session/hooks';
import { loginFailure, loginRequest, loginSuccess, logout } from '../../shared/session/auth';
import { storeRedirectUrl } from '../../shared/session/redirect';
import { selectEvent } from '../../shared/session/userStore';
import { CenteredLayout } from '../../shared/ui/CenteredLayout';
import { LoadError } from '../../shared/ui/LoadError';
import { currentHost } from '../../shared/surface';
import { eventClock, formatSpan } from '../../shared/time/format';
import { useUserEvents } from '../events';
import { RequireAuth } from '../../shared/session/RequireAuth';
import { LinkSignIn } from './LinkSignIn';
import { createMagicLinkSignIn, type MagicLinkAnswer, type MagicLinkOutcome } from './magicLink';

/** The moderator's page of a session (the link lands here; Q&A moderation comes with the engagement screens). */
export const moderatePath = (sessionId: string) => `/moderate/${encodeURIComponent(sessionId)}`;

const signers = new Map<string, (token: string) => Promise<MagicLinkOutcome>>();

/**
 * The magic-link cycle (shared with participants' links, `magicLink.ts`) for a moderator
 * invitation: any current session ends first, login type CMS, success selects the link's event and
 * lands on the session's moderator page. One signer per session, so each token is sent once.
 */
function moderatorSignIn(sessionId: string) {
  let signer = signers.get(sessionId);
  if (!signer) {
    signer = createMagicLinkSignIn({
      endSession: logout,
      begin: () => loginRequest('CMS'),
      exchange: (token) =>
        apiFetch<MagicLinkAnswer>(`moderate/${encodeURIComponent(sessionId)}/sign-in`, {
          method: 'POST',
          body: { token, host: currentHost() },
        }),
      succeed: (answer) => {
        storeRedirectUrl(moderatePath(sessionId));
        loginSuccess(answer);
        selectEvent(answer.eventId);
      },
      fail: loginFailure,
    });
    signers.set(sessionId, signer);
  }
  return signer;
}

type SessionRow = z.input<typeof sessionSchema>;

/** What the moderator may read of the session (GET sessions/{id}: admins and moderators). */
function ModeratedSession({ eventId, sessionId }: { eventId: string; sessionId: string }) {
  const { t } = useTranslation('accounts');
  const session = useApiQuery<SessionRow>(
    `events/${encodeURIComponent(eventId)}/sessions/${encodeURIComponent(sessionId)}`,
  );
  // Its times on the event's clock: the event's zone and locale decide the format.
  const zone = useUserEvents().data?.records.find((e) => e.id === eventId)?.timezone;
  const data = session.data;
  if (session.isError && !data) {
    const gone = session.error.status === 404 || session.error.status === 403;
    return (
      <LoadError
        message={gone ? t('moderatorLink.noSession') : session.error.message}
        onRetry={gone ? undefined : () => void session.refetch()}
      />
    );
  }
  if (!data)
    return (
      <Stack gap="sm" role="status" aria-label={t('common:states.loading')}>
        <Skeleton h={28} w="70%" />
        <Skeleton h={18} w="50%" />
        <Skeleton h={60} />
      </Stack>
    );
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} fz={22}>
          {data.name}
        </Title>
        <Group gap="xs">
          <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
            {t('moderatorLink.youModerate')}
          </Badge>
        </Group>
      </Stack>
      <Text size="sm">
        {formatSpan(data.startAt, data.endAt, eventClock(zone))}
        {data.location ? ` · ${data.location.name}` : ''}
      </Text>
      {data.description ? <Text size="sm">{data.description}</Text> : null}
      <Text size="sm" c="dimmed">
        {t('moderatorLink.comingSoon')}
      </Text>
    </Stack>
  );
}

function ModeratorSessionPage({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('accounts');
  const eventId = useUserState().userData?.selectedEventId ?? null;
  return (
    <CenteredLayout
      title={t('moderatorLink.pageTitle')}
      width={560}
      footer={
        <Anchor component={Link} to="/logout" size="sm">
          {t('moderatorLink.signOut')}
        </Anchor>
      }
    >
      {eventId ? (
        <ModeratedSession eventId={eventId} sessionId={sessionId} />
      ) : (
        <Alert color="yellow" variant="light" role="alert">
          {t('moderatorLink.noEvent')}
        </Alert>
      )}
    </CenteredLayout>
  );
}

/**
 * `/moderate/:sessionId/:token?` on the console host (spec part 2). With a token: signs in with the
 * moderator invitation link (over any current session) and lands on `/moderate/:sessionId`.
 * Without: the session's moderator page, for whoever is signed in (the console screens turn
 * moderators away: they are not admins).
 */
export function ModeratorLinkPage() {
  const { sessionId = '', token } = useParams();
  if (token !== undefined)
    return (
      <LinkSignIn
        token={token}
        signIn={moderatorSignIn(sessionId)}
        texts="moderatorLink"
        passwordPath="/login"
      />
    );
  return (
    <RequireAuth>
      <ModeratorSessionPage sessionId={sessionId} />
    </RequireAuth>
  );
}
