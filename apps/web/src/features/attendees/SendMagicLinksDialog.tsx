import { List, Text } from '@mantine/core';
import { MAGIC_LINK_TTL_HOURS } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/ui/toast';
import { sendMagicLinks, useRefreshParticipants } from './api';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';

export interface SendMagicLinksDialogProps {
  eventId: string;
  participantIds: readonly string[];
  /** The one recipient's name (profile), else the count is shown. */
  name?: string;
  onClose: () => void;
  onSent?: () => void;
}

/** Asks before e-mailing sign-in links, says what a link does, then toasts how many went out. */
export function SendMagicLinksDialog({
  eventId,
  participantIds,
  name,
  onClose,
  onSent,
}: SendMagicLinksDialogProps) {
  const { t } = useTranslation('attendees');
  const refresh = useRefreshParticipants(eventId);
  const count = participantIds.length;
  return (
    <ConfirmDialog
      title={t('magicLinks.confirmTitle', { count })}
      confirmLabel={t('magicLinks.confirm', { count })}
      onClose={onClose}
      onConfirm={async () => {
        const result = await sendMagicLinks(eventId, participantIds);
        const skipped = count - result.sent;
        toast.success(
          skipped > 0
            ? t('magicLinks.sentSkipped', { count: result.sent, skipped })
            : t('magicLinks.sent', { count: result.sent }),
        );
        void refresh();
        onSent?.();
      }}
    >
      <Text>{name ? t('magicLinks.confirmOne', { name }) : t('magicLinks.confirmMany', { count })}</Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('magicLinks.ruleSingleUse')}</List.Item>
        <List.Item>{t('magicLinks.ruleExpires', { hours: MAGIC_LINK_TTL_HOURS })}</List.Item>
        <List.Item>{t('magicLinks.ruleReplaces')}</List.Item>
      </List>
    </ConfirmDialog>
  );
}
