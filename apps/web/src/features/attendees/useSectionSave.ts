import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { toast } from '../../shared/ui/toast';
import { useRefreshParticipants } from './api';
import { participantApi } from './paths';
import type { Participant } from './types';

/**
 * Saving one section of the profile: PATCH the participant, put the answer in place, toast, and
 * leave edit mode; the API's `fields` go back to the section (`onFields` answers whether it showed
 * them), anything else is an error toast.
 */
export function useSectionSave(eventId: string, participantId: string) {
  const { t } = useTranslation('attendees');
  const refresh = useRefreshParticipants(eventId);
  const [saving, setSaving] = useState(false);
  const save = async (
    body: Record<string, unknown>,
    done: () => void,
    onFields: (fields: Record<string, string>) => boolean,
  ) => {
    setSaving(true);
    try {
      const updated = await apiFetch<Participant>(participantApi(eventId, participantId), {
        method: 'PATCH',
        body,
      });
      void refresh(updated);
      toast.success(t('profile.saved'));
      done();
    } catch (err) {
      if (isApiError(err) && err.fields && onFields(err.fields)) return;
      toast.error(isApiError(err) && err.message ? err.message : t('common.failed'));
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
