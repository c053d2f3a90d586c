import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/ui/toast';
import { useSendCardRequest } from './api';

/** From a person's profile: send them a card request without scanning (the manual fallback). */
export function SendCardButton({ eventId, participantId }: { eventId: string; participantId: string }) {
  const { t } = useTranslation('contacts');
  const send = useSendCardRequest(eventId);
  const state = send.data?.state;
  return (
    <Button
      variant="default"
      loading={send.isPending}
      disabled={state !== undefined}
      onClick={() =>
        send.mutate(
          { participantId, note: '' },
          {
            onSuccess: (r) => toast.success(r.state === 'CONTACT' ? t('send.contactToast') : t('send.sent')),
            onError: (e) => toast.error(e.message),
          },
        )
      }
    >
      {state === 'CONTACT' ? t('send.contact') : state === 'PENDING' ? t('send.pending') : t('send.button')}
    </Button>
  );
}
