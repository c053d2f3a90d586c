import { Anchor, Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OverviewAnswer } from './api';
import { CHECKLIST_STEPS, dashboardLinks } from './links';

/** A new event's setup: each step ticked from the event's data, linking to the page that does it. */
export function SetupChecklist({ checklist }: { checklist: OverviewAnswer['checklist'] }) {
  const { t } = useTranslation('dashboard');
  const done = CHECKLIST_STEPS.filter((s) => checklist[s]).length;
  if (done === CHECKLIST_STEPS.length) return null;
  const progress = t('checklist.progress', { done, total: CHECKLIST_STEPS.length });
  return (
    <Card>
      <Title order={2} size="h3">
        {t('checklist.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {progress}
      </Text>
      <Progress value={(done / CHECKLIST_STEPS.length) * 100} mt="xs" mb="md" aria-label={progress} />
      <Stack gap="xs" component="ol" style={{ paddingLeft: 0, margin: 0, listStyle: 'none' }}>
        {CHECKLIST_STEPS.map((step) => (
          <Group component="li" key={step} justify="space-between" wrap="nowrap">
            <Anchor
              component={Link}
              to={dashboardLinks.checklist[step]}
              td={checklist[step] ? 'line-through' : undefined}
            >
              {t(`checklist.${step}`)}
            </Anchor>
            <Badge variant="light" color={checklist[step] ? 'green' : 'gray'}>
              {t(checklist[step] ? 'checklist.done' : 'checklist.todo')}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
