import { ColorInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import {
  checkDateOrder,
  COLOR_PATTERN,
  DEFAULT_COLORS,
  EVENT_ADDRESS_MAX_LENGTH,
  EVENT_DESCRIPTION_MAX_LENGTH,
  MESSAGES,
  requiredString,
  SHORT_TEXT_MAX_LENGTH,
  TENANCY_MESSAGES,
} from '@plenary/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { schemaMessage, useForm } from '../../shared/forms/useForm';
import { useOptions } from '../../shared/list';
import { toast } from '../../shared/ui/toast';
import { FormModal, reportSaveError, useEntitySave } from './EntityForm';
import { eventHubOptions } from './options';
import type { TenancyEvent } from './types';
import { browserZone, fromZoneInput, isZone, timeZones, toZoneInput } from './zoneTime';

export interface EventBody {
  name: string;
  description: string;
  eventHubId: string;
  startAt: string;
  endAt: string;
  timezone: string;
  address: string;
  primaryColor: string;
  secondaryColor: string;
}

const FIELD_MAP = { startAt: 'start', endAt: 'end' };

export function EventForm({ record, onClose }: { record: TenancyEvent | null; onClose: () => void }) {
  const { t } = useTranslation('tenancy');
  const [searchParams] = useSearchParams();
  const hubs = useOptions(eventHubOptions);
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z.replaceAll('_', ' ') })), []);
  const { save, saving } = useEntitySave<TenancyEvent, EventBody>('events', record?.id);
  const zone = record?.timezone ?? browserZone();
  const form = useForm(
    {
      name: record?.name ?? '',
      description: record?.description ?? '',
      eventHubId: record?.eventHubId ?? searchParams.get('eventHubId') ?? '',
      start: record ? toZoneInput(record.startAt, zone) : '',
      end: record ? toZoneInput(record.endAt, zone) : '',
      timezone: zone,
      address: record?.address ?? '',
      primaryColor: record?.primaryColor ?? DEFAULT_COLORS.primary,
      secondaryColor: record?.secondaryColor ?? DEFAULT_COLORS.secondary,
    },
    (v) => {
      // Both times are in the same zone, so their wall-clock order is their real order.
      const order = checkDateOrder(v.start, v.end);
      const color = (c: string) => (COLOR_PATTERN.test(c) ? undefined : TENANCY_MESSAGES.invalidColor);
      return {
        name: schemaMessage(requiredString(SHORT_TEXT_MAX_LENGTH), v.name),
        eventHubId: v.eventHubId ? undefined : MESSAGES.pleaseSelectValue,
        start: v.start ? order.start : MESSAGES.required,
        end: v.end ? order.end : MESSAGES.required,
        timezone: isZone(v.timezone) ? undefined : MESSAGES.pleaseSelectValue,
        primaryColor: color(v.primaryColor),
        secondaryColor: color(v.secondaryColor),
      };
    },
  );

  const submit = form.onSubmit(async (v) => {
    const body: EventBody = {
      name: v.name.trim(),
      description: v.description.trim(),
      eventHubId: v.eventHubId,
      startAt: fromZoneInput(v.start, v.timezone),
      endAt: fromZoneInput(v.end, v.timezone),
      timezone: v.timezone,
      address: v.address.trim(),
      primaryColor: v.primaryColor,
      secondaryColor: v.secondaryColor,
    };
    try {
      await save(body);
      toast.success(t(record ? 'events.saved' : 'events.created', { name: body.name }));
      onClose();
    } catch (error) {
      reportSaveError(error, form.showServerErrors, t('common.saveFailed'), FIELD_MAP);
    }
  });

  return (
    <FormModal
      title={t(record ? 'events.editTitle' : 'events.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      formRef={form.formRef}
      submitLabel={t(record ? 'common.save' : 'common.create')}
    >
      <TextInput label={t('common.name')} required maxLength={SHORT_TEXT_MAX_LENGTH} data-autofocus {...form.inputProps('name')} />
      <Textarea label={t('events.description')} autosize minRows={2} maxRows={6} maxLength={EVENT_DESCRIPTION_MAX_LENGTH} {...form.inputProps('description')} />
      <Select
        label={t('common.eventHub')}
        required
        name="eventHubId"
        data={hubs.data}
        searchable
        nothingFoundMessage={MESSAGES.noOptions}
        value={form.values.eventHubId || null}
        onChange={(v) => form.setValue('eventHubId', v ?? '')}
        error={form.errors.eventHubId}
        disabled={hubs.loading}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput type="datetime-local" label={t('events.startAt')} required {...form.inputProps('start')} />
        <TextInput type="datetime-local" label={t('events.endAt')} required min={form.values.start || undefined} {...form.inputProps('end')} />
      </SimpleGrid>
      <Select
        label={t('events.timezone')}
        description={t('events.timezoneHint')}
        required
        name="timezone"
        data={zones}
        searchable
        limit={100}
        nothingFoundMessage={MESSAGES.noOptions}
        value={form.values.timezone}
        onChange={(v) => form.setValue('timezone', v ?? '')}
        error={form.errors.timezone}
        allowDeselect={false}
      />
      <TextInput label={t('events.address')} autoComplete="street-address" maxLength={EVENT_ADDRESS_MAX_LENGTH} {...form.inputProps('address')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ColorInput
          label={t('events.primaryColor')}
          format="hex"
          name="primaryColor"
          value={form.values.primaryColor}
          onChange={(v) => form.setValue('primaryColor', v)}
          error={form.errors.primaryColor}
        />
        <ColorInput
          label={t('events.secondaryColor')}
          format="hex"
          name="secondaryColor"
          value={form.values.secondaryColor}
          onChange={(v) => form.setValue('secondaryColor', v)}
          error={form.errors.secondaryColor}
        />
      </SimpleGrid>
    </FormModal>
  );
}
