import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UsersIcon } from '../../shared/ui/icons';
import { peoplePath } from './paths';

/** On the event's home page: the way to the participant directory. */
export function EventPeopleCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation('participantProfile');
  return (
    <Card>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={56} radius={56} variant="light">
          <UsersIcon size={28} />
        </ThemeIcon>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h4">
            {t('people.cardTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('people.cardText')}
          </Text>
          <Group gap="sm" mt={4}>
            <Button component={Link} to={peoplePath(eventId)} size="sm" variant="default">
              {t('people.cardAction')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
