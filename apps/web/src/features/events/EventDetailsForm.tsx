import { Button, ColorInput, Grid, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import {
  checkDateOrder,
  colorSchema,
  EVENT_ADDRESS_MAX_LENGTH,
  EVENT_DESCRIPTION_MAX_LENGTH,
  maxLengthString,
  MESSAGES,
  tenancyNameSchema,
  timezoneSchema,
} from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import type { EventSummary } from '../../shared/api/types';
import { schemaMessage, useForm } from '../../shared/forms/useForm';
import { toast } from '../../shared/ui/toast';
import { fromWallTime, timeZones, toWallTime } from './eventTime';

/** API field names → form field names. */
const SERVER_FIELDS: Record<string, string> = { startAt: 'start', endAt: 'end' };

function initialValues(event: EventSummary) {
  const zone = event.timezone || 'UTC';
  return {
    name: event.name,
    description: event.description ?? '',
    start: toWallTime(event.startAt, zone),
    end: toWallTime(event.endAt, zone),
    timezone: zone,
    address: event.address ?? '',
    primaryColor: event.primaryColor ?? '#000000',
    secondaryColor: event.secondaryColor ?? '#000000',
  };
}

/** Edits one event; times are entered as the event's local (wall-clock) time. */
export function EventDetailsForm({ event }: { event: EventSummary }) {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const zones = useMemo(timeZones, []);
  const [saving, setSaving] = useState(false);
  const form = useForm(initialValues(event), (v) => {
    const order = checkDateOrder(v.start.replace(' ', 'T'), v.end.replace(' ', 'T'));
    return {
      name: schemaMessage(tenancyNameSchema, v.name),
      description: schemaMessage(maxLengthString(EVENT_DESCRIPTION_MAX_LENGTH), v.description),
      start: v.start === '' ? MESSAGES.required : order.start,
      end: v.end === '' ? MESSAGES.required : order.end,
      timezone: schemaMessage(timezoneSchema, v.timezone),
      address: schemaMessage(maxLengthString(EVENT_ADDRESS_MAX_LENGTH), v.address),
      primaryColor: schemaMessage(colorSchema, v.primaryColor),
      secondaryColor: schemaMessage(colorSchema, v.secondaryColor),
    };
  });

  const submit = form.onSubmit(async (v) => {
    setSaving(true);
    try {
      await apiFetch(`events/${encodeURIComponent(event.id)}`, {
        method: 'PATCH',
        body: {
          name: v.name.trim(),
          description: v.description,
          startAt: fromWallTime(v.start, v.timezone),
          endAt: fromWallTime(v.end, v.timezone),
          timezone: v.timezone,
          address: v.address.trim(),
          primaryColor: v.primaryColor,
          secondaryColor: v.secondaryColor,
        },
      });
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('events') });
      toast.success(t('eventDetails.saved'));
    } catch (error) {
      const fields = isApiError(error) && error.fields
        ? Object.fromEntries(Object.entries(error.fields).map(([k, m]) => [SERVER_FIELDS[k] ?? k, m]))
        : undefined;
      if (!form.showServerErrors(fields)) toast.error(isApiError(error) ? error.message : t('eventDetails.saveFailed'));
    } finally {
      setSaving(false);
    }
  });

  const pickerProps = { valueFormat: 'DD MMM YYYY, HH:mm', withSeconds: false, clearable: false } as const;

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="lg">
        <TextInput label={t('eventDetails.name')} required {...form.inputProps('name')} />
        <Textarea label={t('eventDetails.description')} autosize minRows={3} maxRows={10} {...form.inputProps('description')} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DateTimePicker
              {...pickerProps}
              label={t('eventDetails.start')}
              required
              name="start"
              value={form.values.start || null}
              onChange={(value) => form.setValue('start', value ?? '')}
              error={form.errors.start}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DateTimePicker
              {...pickerProps}
              label={t('eventDetails.end')}
              required
              name="end"
              value={form.values.end || null}
              onChange={(value) => form.setValue('end', value ?? '')}
              error={form.errors.end}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Select
              label={t('eventDetails.timezone')}
              description={t('eventDetails.timezoneHint')}
              required
              searchable
              name="timezone"
              data={zones}
              value={form.values.timezone}
              onChange={(value) => form.setValue('timezone', value ?? '')}
              error={form.errors.timezone}
              nothingFoundMessage={t('common:messages.noOptions')}
              maxDropdownHeight={200}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput label={t('eventDetails.address')} autoComplete="street-address" {...form.inputProps('address')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ColorInput
              label={t('eventDetails.primaryColor')}
              name="primaryColor"
              format="hex"
              eyeDropperButtonProps={{ 'aria-label': t('eventDetails.pickColor') }}
              value={form.values.primaryColor}
              onChange={(value) => form.setValue('primaryColor', value)}
              error={form.errors.primaryColor}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ColorInput
              label={t('eventDetails.secondaryColor')}
              name="secondaryColor"
              format="hex"
              eyeDropperButtonProps={{ 'aria-label': t('eventDetails.pickColor') }}
              value={form.values.secondaryColor}
              onChange={(value) => form.setValue('secondaryColor', value)}
              error={form.errors.secondaryColor}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" loading={saving} size="md">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
