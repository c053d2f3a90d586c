import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { participantPaths } from '../../shared/navigation/participantPaths';
import { toast } from '../../shared/ui/toast';
import { useChatAccess, type ConversationDetailView } from './api';

/**
 * "Session chat" on a session's page: shown when the organiser turned session chats on and the
 * participant may use the chat; opens (and joins) the session's conversation.
 */
export function SessionChatButton({ eventId, sessionId }: { eventId: string; sessionId: string }) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const access = useChatAccess(eventId);
  const join = useMutation<ConversationDetailView, ApiError>({
    mutationFn: () =>
      apiFetch<ConversationDetailView>(
        `events/${encodeURIComponent(eventId)}/chat/sessions/${encodeURIComponent(sessionId)}/conversation`,
        { method: 'POST' },
      ),
    onSuccess: (c) => void navigate(participantPaths.conversation(eventId, c.id)),
    onError: (e) => toast.error(e.message),
  });
  if (!access.data?.sessionChats || !access.data.hasChatAccess) return null;
  return (
    <Button
      variant="light"
      onClick={() => join.mutate()}
      loading={join.isPending}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('thread.sessionTitle')}
    </Button>
  );
}
