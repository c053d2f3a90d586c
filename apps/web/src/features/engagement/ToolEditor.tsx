import {
  Alert,
  Fieldset,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  ANONYMITY_OPTIONS,
  CONTENT_DESCRIPTION_MAX_LENGTH,
  CONTENT_NAME_MAX_LENGTH,
  ENGAGEMENT_KINDS,
  ENGAGEMENT_TYPE_LABELS,
  EVERYONE,
  MESSAGES,
  type Anonymity,
  type EngagementKind,
  type ToolSettings,
} from '@plenary/domain';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { AudienceEditor, audienceErrorsFromApi, useAudienceDraft } from '../../shared/audience';
import { useResourceMutations } from '../../shared/list';
import { BusyButton } from '../../shared/ui/BusyButton';
import { toast } from '../../shared/ui/toast';
import {
  materialsPath,
  sessionsPath,
  toolsPath,
  useAllOf,
  useRefreshTools,
  type NamedRef,
  type ToolBody,
  type ToolPatch,
  type ToolRow,
} from './api';
import { focusField } from '../../shared/forms/focusField';
import { QuestionsBuilder } from './QuestionsBuilder';
import {
  emptyValues,
  firstErrorField,
  hasQuestions,
  ownErrors,
  toolBody,
  toolPatch,
  toolValues,
  validateTool,
  withKind,
  withWordCloud,
  type ToolErrors,
  type ToolValues,
} from './toolForm';

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Fieldset
        legend={
          <Text fw={600} size="md" component="span">
            {legend}
          </Text>
        }
        variant="unstyled"
        p={0}
      >
        <Stack gap="sm">{children}</Stack>
      </Fieldset>
    </Paper>
  );
}

const selectProps = {
  comboboxProps: { withinPortal: true },
  maxDropdownHeight: 240,
  nothingFoundMessage: MESSAGES.noOptions,
} as const;

interface ToolEditorProps {
  eventId: string;
  /** null: a new tool. */
  record: ToolRow | null;
  onSaved?: (tool: ToolRow) => void;
}

/**
 * Create or edit an Engagement tool on a page of its own (questions make it long): kind, name,
 * description, anonymity, the kind's settings, sessions, the document's material, the audience
 * and the questions. The domain's schema checks it before it is sent; the API's field errors land
 * on the same inputs, and the first one gets the focus.
 */
export function ToolEditor({ eventId, record, onSaved }: ToolEditorProps) {
  const { t } = useTranslation('engagement');
  const { create, update } = useResourceMutations<ToolRow, ToolBody | ToolPatch>({
    path: toolsPath(eventId),
  });
  const refresh = useRefreshTools(eventId);
  const [values, setValues] = useState<ToolValues>(() => (record ? toolValues(record) : emptyValues()));
  const [errors, setErrors] = useState<ToolErrors>({});
  const audience = useAudienceDraft(eventId, record?.audience);
  const formRef = useRef<HTMLFormElement>(null);
  const saving = create.isPending || update.isPending;

  const sessions = useAllOf<NamedRef>(sessionsPath(eventId));
  const materials = useAllOf<NamedRef>(materialsPath(eventId), values.type === 'DOCUMENT');
  const sessionData = useMemo(() => {
    const all = new Map<string, string>();
    for (const s of record?.sessions ?? []) all.set(s.id, s.name);
    for (const s of sessions.data?.records ?? []) all.set(s.id, s.name);
    return [...all].map(([value, label]) => ({ value, label }));
  }, [sessions.data, record]);
  const materialData = useMemo(() => {
    const all = new Map<string, string>();
    if (record?.material) all.set(record.material.id, record.material.name);
    for (const m of materials.data?.records ?? []) all.set(m.id, m.name);
    return [...all].map(([value, label]) => ({ value, label }));
  }, [materials.data, record]);

  const clear = (field: string) =>
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => k !== field && !k.startsWith(`${field}.`))),
    );
  const set = <K extends keyof ToolValues>(key: K, value: ToolValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clear(key);
  };
  const setSetting = <K extends keyof ToolSettings>(key: K, value: ToolSettings[K]) => {
    setValues((v) => ({ ...v, settings: { ...v.settings, [key]: value } }));
    clear(`settings.${key}`);
  };

  const show = (own: ToolErrors, audienceErrors: Record<string, string>) => {
    setErrors(own);
    audience.setErrors(audienceErrors);
    const first = firstErrorField(own);
    if (first) focusField(formRef.current, first);
    else if (Object.keys(audienceErrors).length > 0) focusField(formRef.current, 'audience.type');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = audience.check();
    const found = validateTool(values, checked.audience ?? EVERYONE);
    if (Object.keys(found).length > 0 || !checked.audience) return show(found, checked.errors);
    try {
      const saved = record
        ? await update.mutateAsync({ id: record.id, body: toolPatch(values, checked.audience) })
        : await create.mutateAsync(toolBody(values, checked.audience));
      await refresh();
      toast.success(t(record ? 'form.saved' : 'form.created', { name: values.name.trim() }));
      onSaved?.(saved);
    } catch (error) {
      const fields = isApiError(error) && error.fields ? error.fields : {};
      const own = ownErrors(fields);
      const audienceErrors = audienceErrorsFromApi(fields);
      if (Object.keys(own).length + Object.keys(audienceErrors).length > 0) show(own, audienceErrors);
      else toast.error(isApiError(error) && error.message ? error.message : t('common.saveFailed'));
    }
  };

  const kind = values.type;
  const errorCount = Object.keys(errors).length;

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-busy={saving}>
      <Stack gap="md" maw={960}>
        {errorCount > 0 && (
          <Alert color="red" variant="light" role="alert">
            {t('form.errorsSummary')}
          </Alert>
        )}
        <Section legend={t('form.basics')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('form.kind')}
              description={record ? t('form.kindFixed') : undefined}
              data={ENGAGEMENT_KINDS.map((v) => ({ value: v, label: ENGAGEMENT_TYPE_LABELS[v] }))}
              value={kind}
              onChange={(v) => {
                if (!v) return;
                setValues((old) => withKind(old, v as EngagementKind));
                setErrors({});
              }}
              disabled={record !== null}
              allowDeselect={false}
              error={errors.type}
              data-field="type"
              {...selectProps}
            />
            <TextInput
              label={t('form.name')}
              required
              maxLength={CONTENT_NAME_MAX_LENGTH}
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
              data-field="name"
            />
          </SimpleGrid>
          <Textarea
            label={t('form.description')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={CONTENT_DESCRIPTION_MAX_LENGTH}
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={errors.description}
            data-field="description"
          />
          <Radio.Group
            label={t('form.anonymity')}
            value={values.anonymity}
            onChange={(v) => set('anonymity', v as Anonymity)}
            error={errors.anonymity}
            data-field="anonymity"
          >
            <Stack gap={6} mt={6}>
              {ANONYMITY_OPTIONS.map((a) => (
                <Radio key={a} value={a} label={t(`anonymity.${a}`)} description={t(`anonymityHint.${a}`)} />
              ))}
            </Stack>
          </Radio.Group>
        </Section>

        {(kind === 'POLL' || kind === 'SURVEY' || kind === 'QA') && (
          <Section legend={t('form.settings')}>
            {kind === 'POLL' && (
              <Switch
                label={t('form.wordCloud')}
                description={t('form.wordCloudHint')}
                checked={values.settings.wordCloud}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setValues((v) => withWordCloud(v, on));
                  setErrors({});
                }}
                data-field="settings.wordCloud"
              />
            )}
            {(kind === 'POLL' || kind === 'SURVEY') && (
              <Switch
                label={t('form.allowChangeAnswer')}
                checked={values.settings.allowChangeAnswer}
                onChange={(e) => setSetting('allowChangeAnswer', e.currentTarget.checked)}
                data-field="settings.allowChangeAnswer"
              />
            )}
            {kind === 'POLL' && (
              <Switch
                label={t('form.showResults')}
                checked={values.settings.showResultsToParticipants}
                onChange={(e) => setSetting('showResultsToParticipants', e.currentTarget.checked)}
                data-field="settings.showResultsToParticipants"
              />
            )}
            {kind === 'QA' && (
              <>
                <Switch
                  label={t('form.moderated')}
                  checked={values.settings.moderated}
                  onChange={(e) => setSetting('moderated', e.currentTarget.checked)}
                  data-field="settings.moderated"
                />
                <Select
                  label={t('form.qaSort')}
                  data={(['NEWEST_FIRST', 'NEWEST_LAST', 'MOST_VOTED'] as const).map((v) => ({
                    value: v,
                    label: t(`qaSort.${v}`),
                  }))}
                  value={values.settings.qaSort}
                  onChange={(v) => v && setSetting('qaSort', v as ToolSettings['qaSort'])}
                  allowDeselect={false}
                  error={errors['settings.qaSort']}
                  data-field="settings.qaSort"
                  w={{ base: '100%', sm: 260 }}
                  {...selectProps}
                />
              </>
            )}
          </Section>
        )}

        <Section legend={t('form.where')}>
          <MultiSelect
            label={t('form.sessions')}
            description={t('form.sessionsHint')}
            data={sessionData}
            value={values.sessionIds}
            onChange={(ids) => set('sessionIds', ids)}
            searchable
            error={errors.sessionIds}
            data-field="sessionIds"
            {...selectProps}
          />
          {kind === 'DOCUMENT' && (
            <Select
              label={t('form.material')}
              description={t('form.materialHint')}
              required
              data={materialData}
              value={values.materialId}
              onChange={(v) => set('materialId', v)}
              searchable
              clearable
              error={errors.materialId}
              data-field="materialId"
              {...selectProps}
            />
          )}
          <AudienceEditor
            eventId={eventId}
            legend={t('form.audience')}
            draft={audience.draft}
            onChange={audience.onChange}
            fields={audience.fields}
            loadingFields={audience.loadingFields}
            errors={audience.errors}
          />
        </Section>

        {hasQuestions(kind) && (
          <Section legend={t('form.questions')}>
            <QuestionsBuilder
              kind={kind}
              wordCloud={kind === 'POLL' && values.settings.wordCloud}
              questions={values.questions}
              errors={errors}
              onChange={(questions, field) => {
                setValues((v) => ({ ...v, questions }));
                // A move or removal renumbers the questions: their messages no longer fit.
                if (field) clear(field);
                else
                  setErrors((e) =>
                    ownErrors(
                      Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('questions'))),
                    ),
                  );
              }}
            />
          </Section>
        )}

        <Group justify="flex-end">
          <BusyButton type="submit" busy={saving}>
            {record ? t('common.save') : t('common.create')}
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
