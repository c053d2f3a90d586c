import { Alert, Button, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveTool } from './api';
import { draftsFrom, type Draft } from './logic';
import { QuestionField } from './QuestionField';
import { useSubmitAnswers } from './useSubmit';

/**
 * A survey, a checkbox or multi-question poll, or a word-cloud poll: every question, required marks,
 * one submit; field errors from the API under their question; offline refused with the form kept.
 */
export function AnswerForm({
  eventId,
  tool,
  submitLabel,
  onSent,
}: {
  eventId: string;
  tool: LiveTool;
  submitLabel: string;
  onSent: () => void;
}) {
  const { t } = useTranslation('participantEngagement');
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() => draftsFrom(tool.myAnswers));
  const [anonymous, setAnonymous] = useState(false);
  const submit = useSubmitAnswers(eventId, tool, onSent);
  const hasRequired = tool.questions.some((q) => q.required);
  const general = submit.errors[''];
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit.mutate({ drafts, anonymous });
      }}
    >
      <Stack gap="md">
        {hasRequired && (
          <Text size="sm" c="dimmed">
            {t('answer.requiredLegend')}
          </Text>
        )}
        {tool.questions.map((q) => (
          <QuestionField
            key={q.id}
            question={q}
            draft={drafts[q.id]}
            word={tool.settings.wordCloud}
            error={submit.errors[q.id]}
            onChange={(d) => setDrafts((all) => ({ ...all, [q.id]: d }))}
          />
        ))}
        {tool.anonymity === 'ALLOW_ANONYMOUS' && (
          <Switch
            label={t('answer.anonymous')}
            checked={anonymous}
            onChange={(e) => setAnonymous(e.currentTarget.checked)}
          />
        )}
        {general && (
          <Alert color="red" role="alert">
            {general}
          </Alert>
        )}
        <Button type="submit" size="md" loading={submit.isPending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
