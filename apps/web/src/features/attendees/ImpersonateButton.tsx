import { Button, Text } from '@mantine/core';
import type { impersonationCandidateSchema } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useApiQuery } from '../../shared/api/query';
import type { ListAnswer } from '../../shared/api/types';
import { startImpersonation } from '../../shared/session/impersonation';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { participantEventPath } from '../events';
import { EyeIcon } from '../../shared/ui/icons';
import { fullName } from './participantsResource';
import { participantProfilePath, participantsApi } from './paths';
import type { Participant } from './types';

type Candidate = z.input<typeof impersonationCandidateSchema>;

/**
 * "View as …" on a participant's profile, offered only when the API lists the person among those
 * the admin may act as (`…/participants/impersonate-user-list`: no admins, moderators or super admins).
 */
export function ImpersonateButton({ eventId, participant }: { eventId: string; participant: Participant }) {
  const { t } = useTranslation('attendees');
  const [asking, setAsking] = useState(false);
  const candidates = useApiQuery<ListAnswer<Candidate>>(`${participantsApi(eventId)}/impersonate-user-list`, {
    search: participant.email,
    limit: 20,
  });
  const candidate = candidates.data?.records.find((c) => c.participantId === participant.id);
  if (!candidate) return null;
  const name = fullName(participant) || participant.email;
  return (
    <>
      <Button variant="default" leftSection={<EyeIcon size={16} />} onClick={() => setAsking(true)}>
        {t('impersonate.start', { name })}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t('impersonate.title', { name })}
          confirmLabel={t('impersonate.confirm')}
          onClose={() => setAsking(false)}
          onConfirm={async () =>
            startImpersonation(
              { id: candidate.userId, name },
              participantEventPath(eventId),
              participantProfilePath(eventId, participant.id),
            )
          }
        >
          <Text>{t('impersonate.text', { name })}</Text>
        </ConfirmDialog>
      )}
    </>
  );
}
