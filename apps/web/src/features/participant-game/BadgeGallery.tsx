import { Card, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { PlayerBadge } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { ShieldIcon, StarIcon } from '../../shared/ui/icons';

/** Earned badges in colour with the date; locked ones greyed with a lock and "2 of 3 tasks"; the next highlighted. */
export function BadgeGallery({ badges }: { badges: PlayerBadge[] }) {
  const { t, i18n } = useTranslation('game');
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 2, sm: 3 }}
      spacing="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {badges.map((b) => {
        const earned = b.earnedAt !== null;
        return (
          <li key={b.id} data-testid="game-badge" data-earned={earned}>
            <Card
              withBorder
              radius="md"
              padding="sm"
              h="100%"
              style={b.next ? { borderColor: 'var(--mantine-color-indigo-6)', borderWidth: 2 } : undefined}
            >
              <Stack gap={4} align="center" ta="center">
                <ThemeIcon size={48} radius="xl" color={earned ? b.color : 'gray.5'} aria-hidden>
                  {earned ? <StarIcon size={26} filled /> : <ShieldIcon size={26} />}
                </ThemeIcon>
                <Text fw={700}>{b.name}</Text>
                <Text size="xs">
                  {earned
                    ? t('badge.earned', {
                        when: new Date(b.earnedAt!).toLocaleDateString(i18n.language, {
                          dateStyle: 'medium',
                        }),
                      })
                    : `${t('badge.locked')} · ${t('badge.progress', { done: b.done, of: b.of })}`}
                </Text>
                {b.next && (
                  <Text size="xs" fw={700} c="indigo.8">
                    {t('badge.next')}
                  </Text>
                )}
              </Stack>
            </Card>
          </li>
        );
      })}
    </SimpleGrid>
  );
}
