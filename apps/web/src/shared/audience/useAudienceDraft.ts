import type { Audience } from '@plenary/domain';
import { useMemo, useState } from 'react';
import { useAvailableFields } from './api';
import { audienceDraftFrom, validateAudience, type AudienceDraft, type AudienceErrors } from './audienceForm';

/**
 * The audience part of a form: its draft (a stored audience's rules become rows once the event's
 * fields are known), errors, and `check()` for submit.
 */
export function useAudienceDraft(eventId: string, initial: Audience | null | undefined) {
  const available = useAvailableFields(eventId);
  const fields = useMemo(() => available.data ?? [], [available.data]);
  const [edited, setEdited] = useState<AudienceDraft | null>(null);
  const [errors, setErrors] = useState<AudienceErrors>({});
  const fromRecord = useMemo(() => audienceDraftFrom(initial, fields), [initial, fields]);
  const draft = edited ?? fromRecord;
  return {
    draft,
    fields,
    loadingFields: available.isPending,
    errors,
    setErrors,
    onChange: (next: AudienceDraft) => {
      setEdited(next);
      setErrors({});
    },
    check: () => validateAudience(draft, fields),
  };
}
