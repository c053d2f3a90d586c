import { Button, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
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
} from './eventFields';

/** Edits one event (PATCH `events/{id}`); times are entered as the event's wall-clock time. */
export function EventDetailsForm({ event }: { event: EventSummary }) {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const { update } = useResourceMutations<EventSummary, EventFieldsBody>({ path: 'events' });
  const form = useForm(eventFieldValues(event), validateEventFields);

  const submit = form.onSubmit(async (v) => {
    try {
      await update.mutateAsync({ id: event.id, body: eventFieldsBody(v) });
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
        <EventFields form={form} />
        <Group justify="flex-end" mt="sm">
          <BusyButton type="submit" busy={update.isPending} size="md">
            {t('common:actions.save')}
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
