import { ActionIcon, Badge, Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { participantPaths } from '../../shared/navigation/participantPaths';
import { useUnread } from './api';
import { usePushSync } from './usePush';

function BellIcon() {
  return (
    <svg
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** The header's inbox link with the unread count (live through `inbox.changed`); participants only. */
export function InboxBell({ eventId }: { eventId: string }) {
  const { t } = useTranslation('inbox');
  const unread = useUnread(eventId);
  usePushSync(unread.isSuccess ? eventId : undefined);
  if (!unread.isSuccess) return null;
  const count = unread.data.unread;
  return (
    <Box pos="relative" style={{ display: 'inline-flex' }}>
      <ActionIcon
        component={Link}
        to={participantPaths.inbox(eventId)}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={count > 0 ? t('bellUnread', { count }) : t('bell')}
        data-testid="inbox-bell"
      >
        <BellIcon />
      </ActionIcon>
      {count > 0 && (
        <Badge
          size="xs"
          color="red.8"
          variant="filled"
          circle={count < 10}
          aria-hidden
          pos="absolute"
          top={-4}
          right={-6}
          style={{ pointerEvents: 'none' }}
        >
          {count > 99 ? '99+' : count}
        </Badge>
      )}
    </Box>
  );
}
