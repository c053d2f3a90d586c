import { Alert, Badge, Drawer, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { EmailLogDetail } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/query';
import { DateTime } from '../../shared/list';
import { EMAIL_STATUS_COLORS, emailsPath } from './emailsResource';

/** One logged e-mail: its metadata, the HTML part in a sandboxed frame (no scripts, no same origin) and the plain text. */
export function EmailDrawer({
  eventId,
  emailId,
  onClose,
}: {
  eventId: string | null;
  emailId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('communications');
  const email = useApiQuery<EmailLogDetail>(`${emailsPath(eventId)}/${encodeURIComponent(emailId)}`);
  const e = email.data;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={e?.subject ?? t('emails.detailTitle')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {email.isError ? (
        <Alert color="red">{t('emails.failedToLoad')}</Alert>
      ) : !e ? (
        <Stack aria-busy="true">
          <Skeleton height={20} />
          <Skeleton height={20} />
          <Skeleton height={320} />
        </Stack>
      ) : (
        <Stack gap="sm">
          <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}>
            <dt>{t('emails.meta.to')}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{e.to}</dd>
            <dt>{t('emails.meta.status')}</dt>
            <dd style={{ margin: 0 }}>
              <Group gap="xs">
                <Badge
                  variant="light"
                  color={EMAIL_STATUS_COLORS[e.status]}
                  style={{ textTransform: 'none' }}
                >
                  {t(`emails.status.${e.status}`)}
                </Badge>
                <Text size="sm">{t(`emails.category.${e.category}`)}</Text>
              </Group>
            </dd>
            <dt>{t('emails.meta.queuedAt')}</dt>
            <dd style={{ margin: 0 }}>
              <DateTime value={e.queuedAt} />
            </dd>
            {e.sentAt && (
              <>
                <dt>{t('emails.meta.sentAt')}</dt>
                <dd style={{ margin: 0 }}>
                  <DateTime value={e.sentAt} />
                </dd>
              </>
            )}
            {e.error && (
              <>
                <dt>{t('emails.meta.error')}</dt>
                <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{e.error}</dd>
              </>
            )}
          </dl>
          <Text size="sm" c="dimmed">
            {t('emails.redacted')}
          </Text>
          <Tabs defaultValue={e.html ? 'html' : 'text'} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="html">{t('emails.html')}</Tabs.Tab>
              <Tabs.Tab value="text">{t('emails.text')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="sm">
              {e.html ? (
                <iframe
                  title={t('emails.htmlFrame')}
                  sandbox=""
                  srcDoc={e.html}
                  style={{
                    width: '100%',
                    height: '60vh',
                    border: '1px solid var(--mantine-color-gray-4)',
                    background: '#fff',
                  }}
                />
              ) : (
                <Text>{t('emails.noHtml')}</Text>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="sm">
              <Text
                component="pre"
                tabIndex={0}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', margin: 0 }}
              >
                {e.text}
              </Text>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Drawer>
  );
}
