import { ENGAGEMENT_MESSAGES } from '@plenary/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { toast } from '../../shared/ui/toast';
import { engagementKeys, OfflineError, submitAnswers, type LiveTool } from './api';
import { answersOf, errorsByQuestion, type Draft } from './logic';

/**
 * Sends a poll vote or a survey: refused at once offline (the form keeps what was entered), the API's
 * field messages by question, and the live tools (with the participant's answers) fetched again.
 */
export function useSubmitAnswers(eventId: string, tool: LiveTool, onSent: () => void) {
  const client = useQueryClient();
  const { t } = useTranslation('participantEngagement');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    networkMode: 'always',
    mutationFn: async ({ drafts, anonymous }: { drafts: Record<string, Draft>; anonymous: boolean }) => {
      const answers = answersOf(tool.questions, drafts);
      try {
        await submitAnswers(eventId, tool.instanceId, { answers, anonymous });
      } catch (error) {
        if (isApiError(error))
          setErrors(
            errorsByQuestion(
              error.fields ?? { '': error.message },
              answers,
              tool.questions.map((q) => q.id),
            ),
          );
        throw error;
      }
    },
    onMutate: () => setErrors({}),
    onSuccess: () => {
      onSent();
      void client.invalidateQueries({ queryKey: engagementKeys.live(eventId, tool.sessionId) });
      void client.invalidateQueries({ queryKey: engagementKeys.results(eventId, tool.instanceId) });
    },
    onError: (error) => {
      // Shown in the form (above the submit, or under the question); a toast for anything else.
      if (error instanceof OfflineError) setErrors({ '': ENGAGEMENT_MESSAGES.offline });
      else if (!isApiError(error)) toast.error(error.message, t('answer.failed'));
    },
  });
  return { ...mutation, errors, setErrors };
}
