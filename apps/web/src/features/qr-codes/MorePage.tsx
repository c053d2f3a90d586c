import { Anchor, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { CODES_ROUTE } from './api';

/** A QR-code mark (decorative). */
function QrIcon() {
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
      <rect x="3" y="3" width="7" height="7" rx="1" />
      <rect x="14" y="3" width="7" height="7" rx="1" />
      <rect x="3" y="14" width="7" height="7" rx="1" />
      <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
    </svg>
  );
}

interface Tool {
  id: string;
  to: string;
  icon: ReactNode;
}

/** The More area's tools; each card links to its screen. */
const TOOLS: readonly Tool[] = [{ id: 'codes', to: CODES_ROUTE, icon: <QrIcon /> }];

/** `/more`: the hub of the More area's tools, one card each. */
export function MorePage() {
  const { t } = useTranslation('qrCodes');
  usePageTitle(t('more.title'));
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('more.title')}
        </Title>
        <Text c="dimmed">{t('more.intro')}</Text>
      </Stack>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {TOOLS.map((tool) => (
          <Card key={tool.id} withBorder padding="lg" component="li" aria-labelledby={`more-${tool.id}`}>
            <Stack gap="sm" align="flex-start">
              <ThemeIcon variant="light" size={40} radius="md">
                {tool.icon}
              </ThemeIcon>
              <Title order={2} fz="lg" id={`more-${tool.id}`}>
                {t(`more.${tool.id}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`more.${tool.id}.text`)}
              </Text>
              <Anchor component={Link} to={tool.to} fw={500}>
                {t(`more.${tool.id}.open`)}
              </Anchor>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
