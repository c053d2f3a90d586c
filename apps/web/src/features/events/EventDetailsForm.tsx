import { Group, Stack } from '@mantine/core';
import type { SessionTimesChoice as Choice } from '@plenary/domain';
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
import {
  EVENT_SERVER_FIELDS,
  eventFieldsBody,
  eventFieldValues,
  refreshEventQueries,
  validateEventFields,
  type EventFieldsBody,
} from './eventFields.schema';
import { useSessionTimesChoice } from './useSessionTimesChoice';

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
  const sessionTimes = useSessionTimesChoice(initial, event, form.values.timezone);

  const submit = form.onSubmit(async (v) => {
    const body: EventDetailsBody = sessionTimes.applyTo(eventFieldsBody(v), v);
    try {
      await update.mutateAsync({ id: event.id, body });
      await refreshEventQueries(queryClient);
      toast.success(t('eventDetails.saved'));
    } catch (error) {
      const fields =
        isApiError(error) && error.fields
          ? Object.fromEntries(Object.entries(error.fields).map(([k, m]) => [EVENT_SERVER_FIELDS[k] ?? k, m]))
          : undefined;
      if (!form.showServerErrors(fields))
        toast.error(isApiError(error) && error.message ? error.message : t('eventDetails.saveFailed'));
    }
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate aria-busy={update.isPending}>
      <Stack gap="md">
        <EventFields form={form} afterTimezone={sessionTimes.element} />
        <Group justify="flex-end" mt="sm">
          <BusyButton type="submit" busy={update.isPending} size="md">
            {t('common:actions.save')}
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
