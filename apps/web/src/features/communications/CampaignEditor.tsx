import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  CAMPAIGN_LINK_TYPES,
  CAMPAIGN_PLACEHOLDERS,
  CAMPAIGN_PLACEHOLDER_DESCRIPTIONS,
} from '@plenary/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { AudienceEditor, audienceErrorsFromApi, useAudienceDraft } from '../../shared/audience';
import { optionsFrom, useOptions } from '../../shared/list';
import { toast } from '../../shared/ui/toast';
import { campaignPath, campaignsPath, useRefreshCampaigns, useUpdateOptions, type CampaignRow } from './api';
import {
  audienceForCount,
  draftFromCampaign,
  emptyDraft,
  to12h,
  to24h,
  validateCampaign,
  type CampaignDraft,
  type CampaignErrors,
} from './campaignForm';

interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}
const personLabel = (p: Person) => `${`${p.firstName} ${p.lastName}`.trim() || p.email} (${p.email})`;

/** Create or edit a communication: channels, subject, body with placeholders, link, audience with its live count, schedule. */
export function CampaignEditor({
  eventId,
  campaign,
  onClose,
  onSaved,
}: {
  eventId: string;
  campaign: CampaignRow | null;
  onClose: () => void;
  onSaved?: (c: CampaignRow) => void;
}) {
  const { t } = useTranslation('communications');
  const options = useUpdateOptions(eventId);
  const refresh = useRefreshCampaigns(eventId);
  const [draft, setDraft] = useState<CampaignDraft>(() =>
    campaign ? draftFromCampaign(campaign) : emptyDraft(),
  );
  const [errors, setErrors] = useState<CampaignErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const audienceInitial = useMemo(
    () =>
      campaign && ['EVERYONE', 'LABELS', 'RULES'].includes(campaign.audience.type)
        ? {
            type: campaign.audience.type as 'EVERYONE' | 'LABELS' | 'RULES',
            labels: campaign.audience.labels,
            rules: campaign.audience.rules,
          }
        : null,
    [campaign],
  );
  const audience = useAudienceDraft(eventId, audienceInitial);
  const set = (patch: Partial<CampaignDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k];
      return next;
    });
  };

  // Sessions (for the link and the audience) and people (searched by name).
  const sessionOptions = useOptions(
    optionsFrom<{ id: string; name: string }>(
      `events/${encodeURIComponent(eventId)}/sessions`,
      (s) => ({ value: s.id, label: s.name }),
      {
        limit: 1000,
        sort: 'name:asc',
      },
    ),
  );
  const [peopleSearch, setPeopleSearch] = useState('');
  const [search] = useDebouncedValue(peopleSearch, 300);
  const known = useRef(new Map<string, string>((campaign?.audience.people ?? []).map((p) => [p.id, p.name])));
  const people = useQuery({
    queryKey: ['communications-people', eventId, search],
    queryFn: ({ signal }) =>
      apiFetch<{ records: Person[] }>(`events/${encodeURIComponent(eventId)}/participants`, {
        query: { search, limit: 20 },
        signal,
      }),
    enabled: draft.audienceKind === 'PEOPLE',
    meta: { silent: true },
  });
  for (const p of people.data?.records ?? []) known.current.set(p.id, personLabel(p));
  const peopleData = [
    ...new Set([...draft.participantIds, ...(people.data?.records ?? []).map((p) => p.id)]),
  ].map((id) => ({
    value: id,
    label: known.current.get(id) ?? id,
  }));

  // The live count (a moment after the last change, only for a complete audience).
  const checkedAudience = audience.loadingFields ? null : audience.check().audience;
  const countBody = audienceForCount(draft, checkedAudience);
  const [settledCount] = useDebouncedValue(countBody, 400);
  const count = useQuery({
    queryKey: ['communications-count', eventId, settledCount],
    queryFn: ({ signal }) =>
      apiFetch<{ count: number }>(`${campaignsPath(eventId)}/audience-count`, {
        method: 'POST',
        body: { audience: settledCount },
        signal,
      }),
    enabled: settledCount !== null,
    meta: { silent: true },
  });

  const submit = async () => {
    setFailure(null);
    const checked = audience.check();
    if (draft.audienceKind === 'AUDIENCE') audience.setErrors(checked.errors);
    const { body, errors: found } = validateCampaign(draft, checked.audience);
    setErrors(found);
    if (!body) return;
    setBusy(true);
    try {
      const saved = campaign
        ? await apiFetch<CampaignRow>(campaignPath(eventId, campaign.id), { method: 'PATCH', body })
        : await apiFetch<CampaignRow>(campaignsPath(eventId), { method: 'POST', body });
      await refresh();
      toast.success(t('editor.saved'));
      onSaved?.(saved);
      onClose();
    } catch (err) {
      if (isApiError(err) && err.fields) {
        const f = err.fields;
        setErrors({
          subject: f.subject,
          body: f.body,
          channels: f.channels,
          linkSessionId: f['link.sessionId'],
          linkUrl: f['link.url'],
          sessionIds: f['audience.sessionIds'],
          participantIds: f['audience.participantIds'],
          sendDate: f.sendDate,
          sendTime: f.sendTime,
        });
        audience.setErrors(audienceErrorsFromApi(f));
      }
      setFailure(isApiError(err) ? err.message : t('editor.failed'));
    } finally {
      setBusy(false);
    }
  };

  const zone = options.data?.timezone ?? '';
  const placeholderTokens = CAMPAIGN_PLACEHOLDERS.map((p) => `{${p}}`).join(' ');
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      size="xl"
      title={campaign ? t('editor.editTitle') : t('editor.createTitle')}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Checkbox.Group
            label={t('editor.channels')}
            value={draft.channels}
            onChange={(v) => set({ channels: v as CampaignDraft['channels'] })}
            error={errors.channels}
            withAsterisk
          >
            <Group mt={4}>
              <Checkbox value="NOTIFICATION" label={t('campaigns.channel.NOTIFICATION')} />
              <Checkbox value="EMAIL" label={t('campaigns.channel.EMAIL')} />
            </Group>
          </Checkbox.Group>
          <TextInput
            label={t('editor.subject')}
            value={draft.subject}
            onChange={(e) => set({ subject: e.currentTarget.value })}
            error={errors.subject}
            withAsterisk
            maxLength={200}
          />
          <Textarea
            label={t('editor.body')}
            description={`${t('editor.placeholders')}${placeholderTokens}`}
            value={draft.body}
            onChange={(e) => set({ body: e.currentTarget.value })}
            error={errors.body}
            withAsterisk
            autosize
            minRows={4}
            maxRows={12}
          />
          <Text size="xs" c="dimmed">
            {t('editor.placeholderHelp')}{' '}
            {CAMPAIGN_PLACEHOLDERS.map((p) => `{${p}}: ${CAMPAIGN_PLACEHOLDER_DESCRIPTIONS[p]}`).join('; ')}
          </Text>
          <Group grow align="flex-start">
            <Select
              label={t('editor.link')}
              data={CAMPAIGN_LINK_TYPES.map((l) => ({ value: l, label: t(`editor.linkType.${l}`) }))}
              value={draft.linkType}
              onChange={(v) => v && set({ linkType: v as CampaignDraft['linkType'] })}
              allowDeselect={false}
            />
            {draft.linkType === 'SESSION' && (
              <Select
                label={t('editor.linkSession')}
                data={sessionOptions.data}
                value={draft.linkSessionId}
                onChange={(v) => set({ linkSessionId: v })}
                searchable
                error={errors.linkSessionId}
                withAsterisk
              />
            )}
            {draft.linkType === 'URL' && (
              <TextInput
                label={t('editor.linkUrl')}
                type="url"
                value={draft.linkUrl}
                onChange={(e) => set({ linkUrl: e.currentTarget.value })}
                error={errors.linkUrl}
                withAsterisk
              />
            )}
          </Group>
          <Radio.Group
            label={t('editor.audience')}
            value={draft.audienceKind}
            onChange={(v) => set({ audienceKind: v as CampaignDraft['audienceKind'] })}
          >
            <Group mt={4}>
              {(['AUDIENCE', 'SESSIONS', 'PEOPLE'] as const).map((k) => (
                <Radio key={k} value={k} label={t(`editor.audienceKind.${k}`)} />
              ))}
            </Group>
          </Radio.Group>
          {draft.audienceKind === 'AUDIENCE' && (
            <AudienceEditor
              eventId={eventId}
              draft={audience.draft}
              onChange={audience.onChange}
              fields={audience.fields}
              loadingFields={audience.loadingFields}
              errors={audience.errors}
            />
          )}
          {draft.audienceKind === 'SESSIONS' && (
            <MultiSelect
              label={t('editor.sessions')}
              data={sessionOptions.data}
              value={draft.sessionIds}
              onChange={(v) => set({ sessionIds: v })}
              searchable
              error={errors.sessionIds}
              withAsterisk
            />
          )}
          {draft.audienceKind === 'PEOPLE' && (
            <MultiSelect
              label={t('editor.people')}
              placeholder={t('editor.peopleSearch')}
              data={peopleData}
              value={draft.participantIds}
              onChange={(v) => set({ participantIds: v })}
              searchable
              searchValue={peopleSearch}
              onSearchChange={setPeopleSearch}
              filter={({ options: o }) => o}
              error={errors.participantIds}
              withAsterisk
            />
          )}
          <Text size="sm" aria-live="polite" fw={500}>
            {countBody === null
              ? ''
              : count.data && !count.isFetching
                ? t('editor.count', { count: count.data.count })
                : t('editor.counting')}
          </Text>
          <Radio.Group
            label={t('editor.schedule')}
            value={draft.schedule}
            onChange={(v) => set({ schedule: v as CampaignDraft['schedule'] })}
          >
            <Group mt={4}>
              <Radio value="NOW" label={t('campaigns.scheduleKind.NOW')} />
              <Radio value="DATE_AND_TIME" label={t('campaigns.scheduleKind.DATE_AND_TIME')} />
            </Group>
          </Radio.Group>
          {draft.schedule === 'DATE_AND_TIME' && (
            <Stack gap={4}>
              <Group grow align="flex-start">
                <TextInput
                  label={t('editor.sendDate')}
                  type="date"
                  value={draft.sendDate}
                  onChange={(e) => set({ sendDate: e.currentTarget.value })}
                  error={errors.sendDate}
                  withAsterisk
                />
                <TextInput
                  label={t('editor.sendTime')}
                  type="time"
                  value={to24h(draft.sendTime)}
                  onChange={(e) => set({ sendTime: to12h(e.currentTarget.value) })}
                  error={errors.sendTime}
                  withAsterisk
                />
              </Group>
              {zone && (
                <Text size="xs" c="dimmed">
                  {t('editor.zone', { zone })}
                </Text>
              )}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('editor.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('editor.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
