import { Button, Group, Stack } from '@mantine/core';
import { DEFAULT_SESSION_TIMES, type SessionTimesChoice as Choice } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import type { EventSummary } from '../../shared/api/types';
import { useForm } from '../../shared/forms/useForm';
import { useResourceMutations } from '../../shared/list';
import { BusyButton } from '../../shared/ui/BusyButton';
import { toast } from '../../shared/ui/toast';
import { EventFields } from './EventFields';
import { SessionTimesChoice } from './SessionTimesChoice';
import { useListTotal } from './useEvents';
import {
  EVENT_SERVER_FIELDS,
  eventFieldsBody,
  eventFieldValues,
  refreshEventQueries,
  validateEventFields,
  type EventFieldsBody,
} from './eventFields';

type EventDetailsBody = EventFieldsBody & { sessionTimes?: Choice };

/**
 * Edits one event (PATCH `events/{id}`); times are entered as the event's wall-clock time. A new
 * time zone on an event with sessions asks, before saving, whether the sessions keep their local
 * times (the default) or their moments; with the moments, the event's start and end keep theirs
 * too unless they were edited.
 */
export function EventDetailsForm({ event }: { event: EventSummary }) {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const { update } = useResourceMutations<EventSummary, EventDetailsBody>({ path: 'events' });
  const [initial] = useState(() => eventFieldValues(event));
  const form = useForm(initial, validateEventFields);
  const [sessionTimes, setSessionTimes] = useState<Choice>(DEFAULT_SESSION_TIMES);
  const sessionCount = useListTotal(`events/${event.id}/sessions`) ?? 0;
  const zoneChanged = form.values.timezone !== initial.timezone;

  const submit = form.onSubmit(async (v) => {
    const body: EventDetailsBody = eventFieldsBody(v);
    if (v.timezone !== initial.timezone) {
      body.sessionTimes = sessionTimes;
      if (sessionTimes === 'KEEP_INSTANTS' && v.start === initial.start && v.end === initial.end) Object.assign(body, { startAt: event.startAt, endAt: event.endAt });
    }
    try {
      await update.mutateAsync({ id: event.id, body });
      await refreshEventQueries(queryClient);
      toast.success(t('eventDetails.saved'));
    } catch (error) {
      const fields = isApiError(error) && error.fields
        ? Object.fromEntries(Object.entries(error.fields).map(([k, m]) => [EVENT_SERVER_FIELDS[k] ?? k, m]))
        : undefined;
      if (!form.showServerErrors(fields)) toast.error(isApiError(error) && error.message ? error.message : t('eventDetails.saveFailed'));
    }
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate aria-busy={update.isPending}>
      <Stack gap="md">
        <EventFields
          form={form}
          afterTimezone={
            zoneChanged && sessionCount > 0 ? (
              <SessionTimesChoice value={sessionTimes} onChange={setSessionTimes} sessionCount={sessionCount} from={initial.timezone} to={form.values.timezone} />
            ) : null
          }
        />
        <Group justify="flex-end" mt="sm">
          <BusyButton type="submit" busy={update.isPending} size="md">
            {t('common:actions.save')}
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
