import { Card, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FileIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { BackLink } from '../../shared/navigation/BackLink';
import { formatBytes } from '../content';
import { materialKind } from './MaterialPage';
import { useMaterials } from './materials.api';
import { materialPath } from './paths';

/** `/event/:eventId/materials`: every material the participant may see — name, type, size — each opening its preview. */
export function MaterialsPage() {
  const { eventId = '' } = useParams();
  const { t, i18n } = useTranslation('participantApp');
  usePageTitle(t('materials.title'));
  const materials = useMaterials(eventId);

  let body;
  if (materials.isPending)
    body = (
      <Stack role="status" aria-label={t('materials.loading')} gap="sm">
        <Skeleton h={80} radius="md" />
        <Skeleton h={80} radius="md" />
      </Stack>
    );
  else if (materials.isError) body = <LoadError onRetry={() => void materials.refetch()} />;
  else if (materials.data.records.length === 0)
    body = <EmptyState icon={<FileIcon size={28} />} title={t('materials.empty')} py="xl" />;
  else
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('materials.count', { count: materials.data.records.length })}
        </Text>
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2 }}
          spacing="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {materials.data.records.map((m) => (
            <li key={m.id}>
              <Card
                component={Link}
                to={materialPath(eventId, m.id)}
                withBorder
                radius="md"
                padding="md"
                h="100%"
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <FileIcon size={22} />
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {m.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('materials.typeSize', {
                        type: `${t(`participantAgenda:material.kind.${materialKind(m.fileType)}`)} (${m.fileType.toUpperCase()})`,
                        size: formatBytes(m.fileSize, i18n.language),
                      })}
                    </Text>
                    {m.sessionCount > 0 && (
                      <Text size="xs" c="dimmed">
                        {t('materials.inSessions', { count: m.sessionCount })}
                      </Text>
                    )}
                    {m.description && (
                      <Text size="sm" lineClamp={2}>
                        {m.description}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      </Stack>
    );

  return (
    <Stack gap="md">
      <BackLink eventId={eventId} />
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('materials.title')}
      </Title>
      {body}
    </Stack>
  );
}
