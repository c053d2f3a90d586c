import {
  Alert,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  ACCESS_CONTROLS,
  breakoutEnrollable,
  EVERYONE,
  CONTENT_NAME_MAX_LENGTH,
  MESSAGES,
  SESSION_STATUSES,
  SESSION_TYPES,
  type EventDays,
  type LocationRecord,
} from '@plenary/domain';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { AudienceEditor, audienceErrorsFromApi, useAudienceDraft } from '../../shared/audience';
import { useResourceMutations } from '../../shared/list';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import {
  breakoutsPath,
  collectionsPath,
  locationsPath,
  materialsPath,
  sessionsPath,
  useAllOf,
  type BreakoutRow,
  type CollectionRow,
  type NamedRef,
  type SessionBody,
  type SessionRow,
} from './api';
import { DateField, TimeField } from './DateFields';
import { focusField } from '../../shared/forms/focusField';
import { InviteModeratorDialog } from './InviteModeratorDialog';
import {
  FIELD_ORDER,
  sessionBody,
  sessionErrorsFromApi,
  sessionValues,
  validateSession,
  type SessionErrors,
  type SessionValues,
} from './sessionForm.schema';
import { participantLabel, useParticipantSearch } from '../../shared/people/participantSearch';
import { useModeratorOptions } from './useParticipantSearch';
import { eventClock, pickerHours } from '../../shared/time/format';

interface SessionFormProps {
  eventId: string;
  zone: string;
  /** The event's first day in its zone: a new session's date. */
  firstDay: string;
  /** The event's days in its zone: a session outside them is refused before it is sent. */
  days: EventDays;
  record: SessionRow | null;
  onClose: () => void;
  /** After a save (the new or updated session). */
  onSaved?: (session: SessionRow) => void;
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset
      legend={
        <Text fw={600} size="sm" component="span">
          {legend}
        </Text>
      }
      variant="unstyled"
      p={0}
    >
      <Stack gap="sm">{children}</Stack>
    </Fieldset>
  );
}

const TIME_FIELDS: readonly string[] = ['startDate', 'startTime', 'endDate', 'endTime'];
const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);

/**
 * Create/edit a session: name and type, wall-clock date and times in the event's zone (the zone is
 * shown), place and virtual link, speakers (participants of the event, searched) and moderators
 * (with "Invite moderator"), breakout, collections, materials, audience, capacity and enrollment.
 * When the chosen breakout is enrollable, the spec's breakout message says why audience, capacity
 * and enrollment are disabled.
 */
export function SessionForm({ eventId, zone, firstDay, days, record, onClose, onSaved }: SessionFormProps) {
  const { t } = useTranslation('agenda');
  const { create, update } = useResourceMutations<SessionRow, SessionBody>({ path: sessionsPath(eventId) });
  const [values, setValues] = useState<SessionValues>(() => sessionValues(record, firstDay));
  const [errors, setErrors] = useState<SessionErrors>({});
  const audience = useAudienceDraft(eventId, record?.audience);
  const formRef = useRef<HTMLFormElement>(null);
  const saving = create.isPending || update.isPending;

  const locations = useAllOf<LocationRecord>(locationsPath(eventId));
  const breakouts = useAllOf<BreakoutRow>(breakoutsPath(eventId));
  const collections = useAllOf<CollectionRow>(collectionsPath(eventId));
  const materials = useAllOf<NamedRef>(materialsPath(eventId));

  const [speakerSearch, setSpeakerSearch] = useState('');
  const found = useParticipantSearch(eventId, speakerSearch);
  // Labels of every participant seen (the chosen ones stay named while the search changes).
  const [known, setKnown] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      (record?.speakers ?? []).map((s) => [s.participantId, `${s.firstName} ${s.lastName}`.trim()]),
    ),
  );
  const speakerData = useMemo(() => {
    const seen = new Map(Object.entries(known));
    for (const p of found.data?.records ?? []) seen.set(p.id, participantLabel(p));
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [known, found.data]);

  const [invited, setInvited] = useState<{ value: string; label: string }[]>([]);
  const [inviting, setInviting] = useState(false);
  const moderatorOptions = useModeratorOptions(eventId);
  // The event's moderators, the session's and those invited meanwhile (once each: the session refetched after an invitation names them too).
  const moderatorLabel = (m: { firstName: string; lastName: string; email: string }) =>
    `${m.firstName} ${m.lastName}`.trim() || m.email;
  const moderatorData = [
    ...new Map(
      [
        ...(moderatorOptions.data?.options ?? []).map((m) => ({ value: m.userId, label: moderatorLabel(m) })),
        ...(record?.moderators ?? []).map((m) => ({ value: m.userId, label: moderatorLabel(m) })),
        ...invited,
      ].map((o) => [o.value, o]),
    ).values(),
  ];

  const breakout =
    breakouts.data?.records.find((b) => b.id === values.breakoutId) ??
    (record?.breakout?.id === values.breakoutId ? record?.breakout : undefined);
  const breakoutRules = Boolean(breakout?.enrollable);

  const set = <K extends keyof SessionValues>(key: K, value: SessionValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // The four time fields are checked together: a change to one may settle the others' messages.
    const cleared: readonly string[] = TIME_FIELDS.includes(key) ? TIME_FIELDS : [key];
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !cleared.includes(k))));
  };

  const showErrors = (found: SessionErrors, audienceErrors: Record<string, string>) => {
    setErrors(found);
    audience.setErrors(audienceErrors);
    const first = FIELD_ORDER.find((k) => found[k]);
    if (first) focusField(formRef.current, first);
    else if (Object.keys(audienceErrors).length > 0)
      focusField(formRef.current, `audience.${Object.keys(audienceErrors)[0]!.replace(/^\d+\..*/, 'type')}`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checkedAudience = audience.check();
    const found = validateSession(values, checkedAudience.audience ?? EVERYONE, days);
    if (Object.keys(found).length > 0 || !checkedAudience.audience)
      return showErrors(found, checkedAudience.errors);
    const body = sessionBody(values, checkedAudience.audience);
    try {
      const saved = record
        ? await update.mutateAsync({ id: record.id, body })
        : await create.mutateAsync(body);
      toast.success(t(record ? 'form.saved' : 'form.created', { name: body.name }));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const fields = isApiError(error) && error.fields ? error.fields : {};
      const mapped = sessionErrorsFromApi(fields);
      const audienceErrors = audienceErrorsFromApi(fields);
      if (Object.keys(mapped).length > 0 || Object.keys(audienceErrors).length > 0)
        showErrors(mapped, audienceErrors);
      else toast.error(isApiError(error) && error.message ? error.message : t('common.saveFailed'));
    }
  };

  const selectProps = {
    comboboxProps: { withinPortal: true },
    maxDropdownHeight: 200,
    nothingFoundMessage: MESSAGES.noOptions,
  } as const;

  return (
    <FormDialog
      title={t(record ? 'form.editTitle' : 'form.addTitle')}
      submitLabel={t(record ? 'common.save' : 'common.create')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      formRef={formRef}
      size="xl"
    >
      <Section legend={t('form.basics')}>
        <TextInput
          label={t('form.name')}
          required
          maxLength={CONTENT_NAME_MAX_LENGTH}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          data-field="name"
          data-autofocus
        />
        <Textarea
          label={t('form.description')}
          autosize
          minRows={2}
          maxRows={6}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
          data-field="description"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('form.type')}
            data={SESSION_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            value={values.type}
            onChange={(v) => v && set('type', v as SessionValues['type'])}
            allowDeselect={false}
            error={errors.type}
            data-field="type"
            {...selectProps}
          />
          <Select
            label={t('form.status')}
            data={SESSION_STATUSES.map((v) => ({ value: v, label: t(`statuses.${v}`) }))}
            value={values.status}
            onChange={(v) => v && set('status', v as SessionValues['status'])}
            allowDeselect={false}
            error={errors.status}
            data-field="status"
            {...selectProps}
          />
        </SimpleGrid>
      </Section>

      <Section legend={t('form.when')}>
        <Text size="sm" c="dimmed" id="session-zone">
          {t('form.zone', { zone })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField
            name="startDate"
            label={t('form.startDate')}
            value={values.startDate}
            onChange={(v) => set('startDate', v)}
            error={errors.startDate}
          />
          <TimeField
            name="startTime"
            hours={pickerHours(eventClock(zone))}
            label={t('form.startTime')}
            value={values.startTime}
            onChange={(v) => set('startTime', v)}
            error={errors.startTime}
          />
          <DateField
            name="endDate"
            label={t('form.endDate')}
            value={values.endDate}
            onChange={(v) => set('endDate', v)}
            error={errors.endDate}
          />
          <TimeField
            name="endTime"
            hours={pickerHours(eventClock(zone))}
            label={t('form.endTime')}
            value={values.endTime}
            onChange={(v) => set('endTime', v)}
            error={errors.endTime}
          />
        </SimpleGrid>
      </Section>

      <Section legend={t('form.where')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('form.location')}
            data={(locations.data?.records ?? []).map((l) => ({ value: l.id, label: l.name }))}
            value={values.locationId}
            onChange={(v) => set('locationId', v)}
            clearable
            searchable
            error={errors.locationId}
            data-field="locationId"
            {...selectProps}
          />
          <TextInput
            label={t('form.virtualLink')}
            description={t('form.virtualLinkHint')}
            type="url"
            inputMode="url"
            value={values.virtualLink}
            onChange={(e) => set('virtualLink', e.currentTarget.value)}
            error={errors.virtualLink}
            data-field="virtualLink"
          />
        </SimpleGrid>
        <Select
          label={t('form.accessControl')}
          data={ACCESS_CONTROLS.map((v) => ({ value: v, label: t(`accessControls.${v}`) }))}
          value={values.accessControl}
          onChange={(v) => v && set('accessControl', v as SessionValues['accessControl'])}
          allowDeselect={false}
          error={errors.accessControl}
          data-field="accessControl"
          {...selectProps}
        />
      </Section>

      <Section legend={t('form.people')}>
        <MultiSelect
          label={t('form.speakers')}
          description={t('form.speakersHint')}
          data={speakerData}
          value={values.speakerIds}
          onChange={(ids) => {
            setKnown((k) => ({
              ...k,
              ...Object.fromEntries(
                speakerData.filter((o) => ids.includes(o.value)).map((o) => [o.value, o.label]),
              ),
            }));
            set('speakerIds', ids);
          }}
          searchable
          searchValue={speakerSearch}
          onSearchChange={setSpeakerSearch}
          filter={({ options }) => options}
          error={errors.speakerIds}
          data-field="speakerIds"
          {...selectProps}
          nothingFoundMessage={found.isFetching ? t('common:states.loading') : t('form.searchNothing')}
        />
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <MultiSelect
            label={t('form.moderators')}
            description={t('form.moderatorsHint')}
            data={moderatorData}
            searchable
            value={values.moderatorUserIds}
            onChange={(ids) => set('moderatorUserIds', ids)}
            error={errors.moderatorUserIds}
            data-field="moderatorUserIds"
            style={{ flex: 1 }}
            {...selectProps}
          />
          {record && (
            <Button variant="light" onClick={() => setInviting(true)}>
              {t('form.inviteModerator')}
            </Button>
          )}
        </Group>
      </Section>

      <Section legend={t('form.content')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('form.breakout')}
            data={(breakouts.data?.records ?? []).map((b) => ({ value: b.id, label: b.name })).sort(byName)}
            value={values.breakoutId}
            onChange={(v) => set('breakoutId', v)}
            clearable
            searchable
            error={errors.breakoutId}
            data-field="breakoutId"
            {...selectProps}
          />
          <MultiSelect
            label={t('form.collections')}
            data={(collections.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={values.collectionIds}
            onChange={(ids) => set('collectionIds', ids)}
            searchable
            error={errors.collectionIds}
            data-field="collectionIds"
            {...selectProps}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('form.materials')}
          data={(materials.data?.records ?? []).map((m) => ({ value: m.id, label: m.name }))}
          value={values.materialIds}
          onChange={(ids) => set('materialIds', ids)}
          searchable
          error={errors.materialIds}
          data-field="materialIds"
          {...selectProps}
        />
      </Section>

      <Section legend={t('form.enrollment')}>
        {breakoutRules && breakout && (
          <Alert variant="light" color="blue" role="note" data-testid="breakout-message">
            {breakoutEnrollable(breakout.name)}
          </Alert>
        )}
        <AudienceEditor
          eventId={eventId}
          draft={audience.draft}
          onChange={audience.onChange}
          fields={audience.fields}
          loadingFields={audience.loadingFields}
          errors={audience.errors}
          disabled={breakoutRules}
        />
        <TextInput
          label={t('form.capacity')}
          description={t('form.capacityHint')}
          inputMode="numeric"
          value={values.capacity}
          onChange={(e) => set('capacity', e.currentTarget.value)}
          error={errors.capacity}
          disabled={breakoutRules}
          data-field="capacity"
          w={{ base: '100%', sm: 220 }}
        />
        <Switch
          label={t('form.enrollable')}
          checked={values.enrollable}
          onChange={(e) => set('enrollable', e.currentTarget.checked)}
          disabled={breakoutRules}
          data-field="enrollable"
        />
        <Switch
          label={t('form.waitlist')}
          checked={values.waitlist}
          onChange={(e) => set('waitlist', e.currentTarget.checked)}
          disabled={breakoutRules || !values.enrollable}
          data-field="waitlist"
        />
      </Section>
      {inviting && record && (
        <InviteModeratorDialog
          eventId={eventId}
          session={record}
          onClose={() => setInviting(false)}
          onInvited={(moderator) => {
            setInvited((list) => [...list, { value: moderator.userId, label: moderator.label }]);
            set('moderatorUserIds', [...new Set([...values.moderatorUserIds, moderator.userId])]);
          }}
        />
      )}
    </FormDialog>
  );
}
