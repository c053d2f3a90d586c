import { Anchor, Badge, Card, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/query';
import { InboxIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { formatTimestamp } from '../../shared/time/format';

/** A message the API kept because no SMTP server is configured. */
interface MailboxMessage {
  id?: string;
  to: string | string[];
  subject: string;
  text?: string;
  createdAt?: string;
  sentAt?: string;
}

type MailboxAnswer = MailboxMessage[] | { records: MailboxMessage[]; total?: number };

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain text with its web addresses made clickable. */
function Linkified({ text }: { text: string }) {
  const parts: ReactNode[] = text.split(URL_PATTERN).map((part, i) =>
    i % 2 === 1 ? (
      <Anchor key={i} href={part} style={{ wordBreak: 'break-all' }}>
        {part}
      </Anchor>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {parts}
    </Text>
  );
}

function newestFirst(messages: MailboxMessage[]): MailboxMessage[] {
  const time = (m: MailboxMessage) => new Date(m.createdAt ?? m.sentAt ?? 0).getTime();
  return [...messages].sort((a, b) => time(b) - time(a));
}

/** `/dev/mailbox` (super admins): e-mails the API kept instead of sending them. */
export function DevMailboxPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('mailbox.title'));
  const query = useApiQuery<MailboxAnswer>('dev/mailbox', undefined, { refetchInterval: 5000 });
  const messages = query.data ? (Array.isArray(query.data) ? query.data : query.data.records) : [];

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1}>{t('mailbox.title')}</Title>
        <Text c="dimmed">{t('mailbox.intro')}</Text>
      </Stack>
      {query.isPending ? (
        <Stack role="status" aria-label={t('common:states.loading')}>
          <Skeleton h={120} />
          <Skeleton h={120} />
        </Stack>
      ) : query.isError ? (
        <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : messages.length === 0 ? (
        <EmptyState
          icon={<InboxIcon size={28} />}
          variant="light"
          title={t('mailbox.emptyTitle')}
          description={t('mailbox.emptyText')}
          py="xl"
        />
      ) : (
        <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {newestFirst(messages).map((m, i) => {
            const when = m.createdAt ?? m.sentAt;
            return (
              <Card component="li" key={m.id ?? i}>
                <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
                  <Title order={2} size="h5">
                    {m.subject}
                  </Title>
                  {when && (
                    <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                      {formatTimestamp(when)}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" mb="sm">
                  {t('mailbox.to', { to: Array.isArray(m.to) ? m.to.join(', ') : m.to })}
                </Text>
                {m.text && <Linkified text={m.text} />}
              </Card>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
