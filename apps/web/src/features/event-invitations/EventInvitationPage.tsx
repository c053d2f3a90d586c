import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { InvitationAccepted } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { BusyButton } from '../../shared/ui/BusyButton';
import { CenteredLayout } from '../../shared/ui/CenteredLayout';

type Outcome =
  | { state: 'asking' }
  | { state: 'accepted'; eventName: string }
  | { state: 'declined' }
  | { state: 'failed'; message: string };

/**
 * `/event/invitation?token=…`, the link of an event invitation (an account outside the event's
 * organisation is invited instead of added). Nothing happens on opening the link — mail scanners
 * open links too — the person chooses: accept (they become a participant) or decline.
 */
export function EventInvitationPage() {
  const { t } = useTranslation('attendees');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'asking' });
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);

  const answer = async (choice: 'accept' | 'decline') => {
    setBusy(choice);
    try {
      if (choice === 'accept') {
        const accepted = await apiFetch<InvitationAccepted>('invitations/accept', {
          method: 'POST',
          body: { token },
        });
        setOutcome({ state: 'accepted', eventName: accepted.eventName });
      } else {
        await apiFetch<void>('invitations/decline', { method: 'POST', body: { token } });
        setOutcome({ state: 'declined' });
      }
    } catch (error) {
      setOutcome({
        state: 'failed',
        message: isApiError(error) && error.message ? error.message : t('common.failed'),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <CenteredLayout title={t('invitation.title')}>
      {!token && (
        <Alert color="red" variant="light" role="alert">
          {t('invitation.missingToken')}
        </Alert>
      )}
      {token && outcome.state === 'asking' && (
        <Stack gap="md">
          <Text>{t('invitation.intro')}</Text>
          <Group justify="flex-end" gap="sm">
            <BusyButton
              variant="default"
              busy={busy === 'decline'}
              disabled={busy !== null}
              onClick={() => void answer('decline')}
            >
              {t('invitation.decline')}
            </BusyButton>
            <BusyButton
              busy={busy === 'accept'}
              disabled={busy !== null}
              onClick={() => void answer('accept')}
            >
              {t('invitation.accept')}
            </BusyButton>
          </Group>
        </Stack>
      )}
      {outcome.state === 'accepted' && (
        <Stack gap="md">
          <Alert
            color="teal"
            variant="light"
            role="status"
            title={t('invitation.acceptedTitle', { event: outcome.eventName })}
          >
            {t('invitation.acceptedText')}
          </Alert>
          <Button component={Link} to="/event/login" size="md">
            {t('invitation.signIn')}
          </Button>
        </Stack>
      )}
      {outcome.state === 'declined' && (
        <Alert color="blue" variant="light" role="status" title={t('invitation.declinedTitle')}>
          {t('invitation.declinedText')}
        </Alert>
      )}
      {outcome.state === 'failed' && (
        <Alert color="red" variant="light" role="alert" title={t('invitation.failedTitle')}>
          {outcome.message}
        </Alert>
      )}
    </CenteredLayout>
  );
}
