import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveTool } from './api';
import { AnswerForm } from './AnswerForm';

/** A survey: every question, submit, then a thank-you (a new submission when the tool allows it). */
export function SurveyCard({ eventId, tool }: { eventId: string; tool: LiveTool }) {
  const { t } = useTranslation('participantEngagement');
  const answered = Object.keys(tool.myAnswers).length > 0;
  const [changing, setChanging] = useState(false);
  const [justSent, setJustSent] = useState(false);
  if ((answered || justSent) && !changing)
    return (
      <Stack gap="sm">
        <Text fw={600} role="status">
          {t('answer.thanks')}
        </Text>
        {tool.settings.allowChangeAnswer !== false && (
          <Button variant="default" onClick={() => setChanging(true)}>
            {t('answer.change')}
          </Button>
        )}
      </Stack>
    );
  return (
    <AnswerForm
      eventId={eventId}
      tool={tool}
      submitLabel={t('answer.submit')}
      onSent={() => {
        setJustSent(true);
        setChanging(false);
      }}
    />
  );
}
