import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import type { MailboxStatus } from '@plenary/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiQuery } from '../../shared/api/query';
import { setParticipantView } from '../../shared/session/auth';
import { useDisplayName, useUserState } from '../../shared/session/hooks';
import { ChevronDownIcon, EyeIcon, InboxIcon, LogoutIcon } from '../../shared/ui/icons';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * Avatar menu: who is signed in, participant view, the dev mailbox (super admins), `items` of the
 * surface (the participant app's profile links) and sign out.
 */
export function UserMenu({
  showParticipantView,
  items,
}: {
  showParticipantView: boolean;
  items?: ReactNode;
}) {
  const { t } = useTranslation('shell');
  const { role, basicDetails } = useUserState();
  const name = useDisplayName();
  // Only while e-mails are kept instead of sent (SMTP_URL unset); the page answers 404 otherwise.
  const mailbox = useApiQuery<MailboxStatus>('dev/mailbox/status', undefined, {
    enabled: role === 'superadmin',
    staleTime: Infinity,
    meta: { silent: true },
  });

  return (
    // No focus placeholder: a role="presentation" child of role="menu" fails axe (aria-required-children).
    <Menu position="bottom-end" width={260} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('userMenu.open')}
          p={4}
          style={{ borderRadius: 'var(--mantine-radius-xl)' }}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar src={basicDetails.photoURL} alt="" radius="xl" size={34} color="brand">
              {initials(name) || undefined}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" maw={160} truncate>
              {name || t(`roles.${role ?? 'participant'}`)}
            </Text>
            <ChevronDownIcon size={16} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t(`roles.${role ?? 'participant'}`)}</Menu.Label>
        {showParticipantView && (
          <Menu.Item leftSection={<EyeIcon size={16} />} onClick={() => setParticipantView(true)}>
            {t('userMenu.participantView')}
          </Menu.Item>
        )}
        {role === 'superadmin' && mailbox.data?.enabled && (
          <Menu.Item component={Link} to="/dev/mailbox" leftSection={<InboxIcon size={16} />}>
            {t('userMenu.devMailbox')}
          </Menu.Item>
        )}
        {items}
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" leftSection={<LogoutIcon size={16} />} color="red.9">
          {t('common:actions.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
