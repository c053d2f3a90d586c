import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../shared/navigation/BackLink';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useCardRealtime } from './api';

/** The frame of the badge, scan and contacts pages: back, title; card requests arrive live while one is open. */
export function ContactsShell({
  eventId,
  title,
  children,
}: {
  eventId: string;
  title: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  const { t } = useTranslation('contacts');
  useCardRealtime(eventId, t('requests.new'));
  return (
    <Stack gap="md">
      <BackLink eventId={eventId} />
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
