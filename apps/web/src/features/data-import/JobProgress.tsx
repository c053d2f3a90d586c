import { Progress, Stack, Text } from '@mantine/core';
import i18next from 'i18next';
import type { ImportRow } from './api';

/** A running job's progress: a labelled bar and "n of total rows …" (total unknown: a moving bar). */
export function JobProgress({
  progress,
  label,
  text,
  starting,
  note,
}: {
  progress: ImportRow['progress'];
  label: string;
  text: (done: string, total: string) => string;
  starting: string;
  note: string;
}) {
  const { done, total } = progress;
  // Nothing counted yet (a commit writes everything in one transaction and counts at the end): a moving bar.
  const known = total !== null && total > 0 && done > 0;
  const percent = known ? Math.min(100, Math.round((done / total) * 100)) : 100;
  const format = (n: number) => n.toLocaleString(i18next.language);
  return (
    <Stack gap="xs">
      <Progress
        value={percent}
        size="xl"
        radius="md"
        striped
        animated
        aria-label={label}
        {...(known ? { 'aria-valuetext': `${percent}%` } : { 'aria-valuetext': starting })}
      />
      <Text size="sm" fw={500} role="status" aria-live="polite">
        {known ? `${text(format(done), format(total))} (${percent}%)` : starting}
      </Text>
      <Text size="sm" c="dimmed">
        {note}
      </Text>
    </Stack>
  );
}
