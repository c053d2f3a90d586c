import { Alert, Button, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveTool } from './api';
import { AnswerForm } from './AnswerForm';
import { BigOption } from './QuestionField';
import { ResultsView } from './ResultsView';
import { useSubmitAnswers } from './useSubmit';

/** A single-choice poll: one tap on an option is the vote. */
function OneTapVote({ eventId, tool, onSent }: { eventId: string; tool: LiveTool; onSent: () => void }) {
  const { t } = useTranslation('participantEngagement');
  const question = tool.questions[0]!;
  const mine = tool.myAnswers[question.id]?.optionIds[0];
  const [anonymous, setAnonymous] = useState(false);
  const submit = useSubmitAnswers(eventId, tool, onSent);
  const choosing = submit.isPending ? submit.variables.drafts[question.id]?.optionIds[0] : undefined;
  const general = submit.errors[''] ?? submit.errors[question.id];
  return (
    <Stack gap="sm" role="group" aria-label={question.text}>
      <Text fw={600}>{question.text}</Text>
      {question.options.map((o) => (
        <BigOption
          key={o.id}
          label={o.label}
          chosen={(choosing ?? mine) === o.id}
          disabled={submit.isPending}
          onClick={() =>
            submit.mutate({
              drafts: { [question.id]: { optionIds: [o.id], text: '', value: null } },
              anonymous,
            })
          }
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
    </Stack>
  );
}

/** A poll: vote (one tap for a single choice), then the live results when the tool shows them. */
export function PollCard({ eventId, tool }: { eventId: string; tool: LiveTool }) {
  const { t } = useTranslation('participantEngagement');
  const answered = Object.keys(tool.myAnswers).length > 0;
  const [changing, setChanging] = useState(false);
  const [justSent, setJustSent] = useState(false);
  const voted = (answered || justSent) && !changing;
  const onSent = () => {
    setJustSent(true);
    setChanging(false);
  };
  const oneTap =
    !tool.settings.wordCloud && tool.questions.length === 1 && tool.questions[0]!.type === 'RADIOBOX';

  if (voted)
    return (
      <Stack gap="sm">
        <Text fw={600} role="status">
          {t('answer.voted')}
        </Text>
        {tool.settings.showResultsToParticipants !== false && <ResultsView eventId={eventId} tool={tool} />}
        {tool.settings.allowChangeAnswer !== false ? (
          <Button variant="default" onClick={() => setChanging(true)}>
            {t('answer.change')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t('answer.noChange')}
          </Text>
        )}
      </Stack>
    );
  return (
    <Stack gap="sm">
      {oneTap ? (
        <OneTapVote eventId={eventId} tool={tool} onSent={onSent} />
      ) : (
        <AnswerForm eventId={eventId} tool={tool} submitLabel={t('answer.vote')} onSent={onSent} />
      )}
      {changing && (
        <Button variant="subtle" onClick={() => setChanging(false)}>
          {t('answer.cancelChange')}
        </Button>
      )}
    </Stack>
  );
}
