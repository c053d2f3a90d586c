import { Alert, Button, Card, Group, NumberInput, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { REMINDER_MINUTES_MAX, REMINDER_MINUTES_MIN, type ReminderSettings } from '@plenary/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { toast } from '../../shared/ui/toast';

const path = (eventId: string) => `events/${encodeURIComponent(eventId)}/reminder-settings`;
const key = (eventId: string) => ['reminder-settings', eventId] as const;

/**
 * Automatic reminders of an event (issue 14 deliverable 7): on/off and how many minutes before a
 * My Agenda session or an accepted meeting. Event admins save; moderators see it read-only (403 on save).
 */
export function ReminderSettingsCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation('inbox');
  const client = useQueryClient();
  const settings = useQuery<ReminderSettings, ApiError>({
    queryKey: key(eventId),
    queryFn: ({ signal }) => apiFetch<ReminderSettings>(path(eventId), { signal }),
  });
  const [draft, setDraft] = useState<ReminderSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);

  const valid =
    draft !== null &&
    Number.isInteger(draft.minutesBefore) &&
    draft.minutesBefore >= REMINDER_MINUTES_MIN &&
    draft.minutesBefore <= REMINDER_MINUTES_MAX;
  const save = async () => {
    if (!draft || !valid) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await apiFetch<ReminderSettings>(path(eventId), { method: 'PUT', body: draft });
      client.setQueryData(key(eventId), saved);
      toast.success(t('reminders.saved'));
    } catch (e) {
      setError((e as ApiError).message || t('reminders.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="reminders-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="reminders-title">
          {t('reminders.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reminders.text')}
        </Text>
        {settings.isPending && <Skeleton h={60} role="status" aria-label={t('reminders.loading')} />}
        {settings.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('reminders.loadFailed')}
          </Alert>
        )}
        {draft && (
          <>
            <Switch
              label={t('reminders.enabled')}
              checked={draft.enabled}
              onChange={(e) => setDraft({ ...draft, enabled: e.currentTarget.checked })}
            />
            <NumberInput
              label={t('reminders.minutes')}
              min={REMINDER_MINUTES_MIN}
              max={REMINDER_MINUTES_MAX}
              allowDecimal={false}
              maw={220}
              disabled={!draft.enabled}
              value={draft.minutesBefore}
              onChange={(v) => setDraft({ ...draft, minutesBefore: typeof v === 'number' ? v : Number.NaN })}
              error={
                valid
                  ? undefined
                  : t('reminders.minutesRange', { min: REMINDER_MINUTES_MIN, max: REMINDER_MINUTES_MAX })
              }
            />
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button onClick={() => void save()} loading={saving} disabled={!valid}>
                {t('reminders.save')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
