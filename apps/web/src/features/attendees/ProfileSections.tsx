import { Badge, Group, MultiSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ProfileTextField } from '@plenary/domain';
import type { CustomFieldRow } from '../../shared/custom-fields';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CustomFieldInputs,
  customFieldErrorsFromApi,
  draftFrom,
  validateCustomFieldValues,
  type CustomFieldDraft,
} from '../../shared/custom-fields';
import { useUpdateOptions } from './api';
import { profileErrors, profilePatch, type ProfileValues } from './participantForm';
import { LabelDot } from './participantsResource';
import { ProfileFields } from './ProfileFields';
import { Section } from './Section';
import type { Participant } from './types';
import { useSectionSave } from './useSectionSave';

const PROFILE_FIELDS: ProfileTextField[] = ['firstName', 'lastName', 'jobTitle', 'company', 'phone', 'bio'];

const valuesOf = (p: Participant): ProfileValues => ({
  firstName: p.firstName,
  lastName: p.lastName,
  jobTitle: p.jobTitle,
  company: p.company,
  phone: p.phone,
  bio: p.bio,
});

/** A label and its value for reading; empty values say "Not set". */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function Value({ text, empty }: { text: string; empty?: string }) {
  const { t } = useTranslation('attendees');
  return text ? (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      {empty ?? t('customFieldInput.notSet')}
    </Text>
  );
}

interface SectionArgs {
  eventId: string;
  participant: Participant;
}

/** Names, job title, company, phone and bio in this event; the e-mail is the account's (read only). */
export function ProfileSection({ eventId, participant }: SectionArgs) {
  const { t } = useTranslation('attendees');
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(participant));
  const [errors, setErrors] = useState<Partial<Record<ProfileTextField, string>>>({});
  const { saving, save } = useSectionSave(eventId, participant.id);
  const edit = () => {
    setValues(valuesOf(participant));
    setErrors({});
    setEditing(true);
  };
  const onSave = () => {
    const found = profileErrors(values);
    if (Object.keys(found).length) return setErrors(found);
    const patch = profilePatch(values, valuesOf(participant));
    if (Object.keys(patch).length === 0) return setEditing(false);
    void save(
      patch,
      () => setEditing(false),
      (fields) => {
        const known = Object.fromEntries(
          Object.entries(fields).filter(([k]) => (PROFILE_FIELDS as string[]).includes(k)),
        );
        setErrors(known);
        return Object.keys(known).length > 0;
      },
    );
  };
  return (
    <Section
      title={t('profile.profile')}
      editing={editing}
      invalid={Object.values(errors).filter(Boolean).length}
      onEdit={edit}
      onCancel={() => setEditing(false)}
      onSave={onSave}
      saving={saving}
      form={
        <>
          <Fact label={t('fields.email')}>
            <Text size="sm">{participant.email}</Text>
            <Text size="xs" c="dimmed">
              {t('profile.emailHint')}
            </Text>
          </Fact>
          <ProfileFields
            values={values}
            errors={errors}
            disabled={saving}
            onChange={(field, value) => {
              setValues((v) => ({ ...v, [field]: value }));
              setErrors((e) => ({ ...e, [field]: undefined }));
            }}
          />
        </>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <Fact label={t('fields.firstName')}>
          <Value text={participant.firstName} />
        </Fact>
        <Fact label={t('fields.lastName')}>
          <Value text={participant.lastName} />
        </Fact>
        <Fact label={t('fields.email')}>
          <Value text={participant.email} />
        </Fact>
        <Fact label={t('fields.phone')}>
          <Value text={participant.phone} />
        </Fact>
        <Fact label={t('fields.jobTitle')}>
          <Value text={participant.jobTitle} />
        </Fact>
        <Fact label={t('fields.company')}>
          <Value text={participant.company} />
        </Fact>
      </SimpleGrid>
      <Stack mt="md">
        <Fact label={t('fields.bio')}>
          <Value text={participant.bio} />
        </Fact>
      </Stack>
    </Section>
  );
}

/** The event's custom fields, with the spec's messages on save. */
export function CustomFieldsSection({
  eventId,
  participant,
  fields,
}: SectionArgs & { fields: readonly CustomFieldRow[] }) {
  const { t } = useTranslation('attendees');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<CustomFieldDraft>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, save } = useSectionSave(eventId, participant.id);
  const edit = () => {
    setDraft(draftFrom(fields, participant.customFields));
    setErrors({});
    setEditing(true);
  };
  const onSave = () => {
    const { values, errors: found } = validateCustomFieldValues(fields, draft);
    if (Object.keys(found).length) return setErrors(found);
    void save(
      { customFields: values },
      () => setEditing(false),
      (f) => {
        const mapped = customFieldErrorsFromApi(f);
        setErrors(mapped);
        return Object.keys(mapped).length > 0;
      },
    );
  };
  return (
    <Section
      title={t('profile.customFields')}
      editing={editing}
      invalid={Object.values(errors).filter(Boolean).length}
      onEdit={fields.length ? edit : undefined}
      onCancel={() => setEditing(false)}
      onSave={onSave}
      saving={saving}
      form={
        <div>
          <CustomFieldInputs
            fields={fields}
            values={draft}
            errors={errors}
            disabled={saving}
            onChange={(id, v) => {
              setDraft((d) => ({ ...d, [id]: v }));
              setErrors((e) => ({ ...e, [id]: '' }));
            }}
          />
        </div>
      }
    >
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('profile.noCustomFields')}{' '}
          <Link to="/attendees/custom-fields">{t('profile.manageCustomFields')}</Link>
        </Text>
      ) : (
        <CustomFieldInputs
          fields={fields}
          values={participant.customFields}
          onChange={() => undefined}
          readOnly
        />
      )}
    </Section>
  );
}

function LabelBadge({ label }: { label: Participant['labels'][number] }) {
  return (
    <Badge
      variant="light"
      color="gray"
      leftSection={<LabelDot color={label.color} />}
      style={{ textTransform: 'none' }}
    >
      {label.name}
    </Badge>
  );
}

/** Manual labels (editable) and rule labels (computed by the server from their rules, shown only). */
export function LabelsSection({ eventId, participant }: SectionArgs) {
  const { t } = useTranslation('attendees');
  const tc = useTranslation().t;
  const options = useUpdateOptions(eventId);
  const [editing, setEditing] = useState(false);
  const [labelIds, setLabelIds] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const { saving, save } = useSectionSave(eventId, participant.id);
  const manual = participant.labels.filter((l) => l.type === 'MANUAL');
  const rule = participant.labels.filter((l) => l.type === 'RULE');
  const edit = () => {
    setLabelIds(manual.map((l) => l.id));
    setError(undefined);
    setEditing(true);
  };
  return (
    <Section
      title={t('profile.labels')}
      editing={editing}
      invalid={error ? 1 : 0}
      onEdit={edit}
      onCancel={() => setEditing(false)}
      onSave={() =>
        void save(
          { labelIds },
          () => setEditing(false),
          (f) => {
            const message = f.labelIds ?? Object.entries(f).find(([k]) => k.startsWith('labelIds'))?.[1];
            setError(message);
            return Boolean(message);
          },
        )
      }
      saving={saving}
      form={
        <>
          <MultiSelect
            label={t('fields.manualLabels')}
            data={(options.data?.labels ?? []).map((l) => ({ value: l.id, label: l.name }))}
            value={labelIds}
            onChange={setLabelIds}
            error={error}
            searchable
            clearable
            disabled={saving}
            nothingFoundMessage={options.isPending ? tc('states.loading') : tc('messages.noOptions')}
            comboboxProps={{ withinPortal: true }}
          />
          {rule.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('profile.ruleLabelsHint')}
            </Text>
          )}
        </>
      }
    >
      <Stack gap="sm">
        <Fact label={t('profile.manualLabels')}>
          {manual.length ? (
            <Group gap={6}>
              {manual.map((l) => (
                <LabelBadge key={l.id} label={l} />
              ))}
            </Group>
          ) : (
            <Value text="" empty={t('profile.noLabels')} />
          )}
        </Fact>
        <Fact label={t('profile.ruleLabels')}>
          {rule.length ? (
            <Group gap={6}>
              {rule.map((l) => (
                <LabelBadge key={l.id} label={l} />
              ))}
            </Group>
          ) : (
            <Value text="" empty={t('profile.noLabels')} />
          )}
          <Text size="xs" c="dimmed">
            {t('profile.ruleLabelsHint')}
          </Text>
        </Fact>
      </Stack>
    </Section>
  );
}
