import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePush } from './usePush';

/** "Turn on notifications": explains why, asks only on click, and says what to do when it cannot. */
export function NotificationsCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation('inbox');
  const push = usePush(eventId);
  if (push.state === null) return null;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="push-card-title"
      data-testid="push-card"
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id="push-card-title">
          {t('push.title')}
        </Title>
        {push.state === 'default' && (
          <>
            <Text size="sm">{t('push.why')}</Text>
            <Group>
              <Button onClick={() => void push.turnOn()} loading={push.busy}>
                {t('push.turnOn')}
              </Button>
            </Group>
          </>
        )}
        {push.state === 'granted' && (
          <>
            <Text size="sm">{t('push.why')}</Text>
            <Text size="sm" c="dimmed">
              {t('push.grantedOff')}
            </Text>
            <Group>
              <Button onClick={() => void push.turnOn()} loading={push.busy}>
                {t('push.turnOn')}
              </Button>
            </Group>
          </>
        )}
        {push.state === 'subscribed' && (
          <Group justify="space-between" gap="sm">
            <Text size="sm" role="status">
              {t('push.on')}
            </Text>
            <Button variant="default" size="xs" onClick={() => void push.turnOff()} loading={push.busy}>
              {t('push.turnOff')}
            </Button>
          </Group>
        )}
        {push.state === 'denied' && <Text size="sm">{t('push.denied')}</Text>}
        {push.state === 'unsupported' && <Text size="sm">{t('push.unsupported')}</Text>}
        {push.state === 'ios-install' && <Text size="sm">{t('push.iosInstall')}</Text>}
        {push.failed && (
          <Alert color="red" variant="light" role="alert">
            {t('push.failed')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
