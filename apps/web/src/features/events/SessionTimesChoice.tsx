import { Paper, Radio, Stack } from '@mantine/core';
import { SESSION_TIMES_CHOICES, type SessionTimesChoice as Choice } from '@plenary/domain';
import { useTranslation } from 'react-i18next';

/**
 * Shown under the time zone when it changed on an event that has sessions, before saving: keep the
 * sessions' local times (the default: 9:00 AM stays 9:00 AM) or their moments (`sessionTimes` of
 * PATCH `events/{id}`). A radio group: arrow keys move between the two, Tab leaves it.
 */
export function SessionTimesChoice({
  value,
  onChange,
  sessionCount,
  from,
  to,
}: {
  value: Choice;
  onChange: (choice: Choice) => void;
  sessionCount: number;
  from: string;
  to: string;
}) {
  const { t } = useTranslation('tenancy');
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-yellow-light)">
      <Radio.Group
        name="sessionTimes"
        label={t('events.sessionTimes.label')}
        description={t('events.sessionTimes.description', {
          count: sessionCount,
          from: from.replaceAll('_', ' '),
          to: to.replaceAll('_', ' '),
        })}
        value={value}
        onChange={(v) => onChange(v as Choice)}
      >
        <Stack gap={8} mt={8}>
          {SESSION_TIMES_CHOICES.map((choice) => (
            <Radio
              key={choice}
              value={choice}
              label={t(`events.sessionTimes.${choice}`)}
              description={t(`events.sessionTimes.${choice}_hint`)}
            />
          ))}
        </Stack>
      </Radio.Group>
    </Paper>
  );
}
