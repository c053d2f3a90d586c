import { Anchor, Box, Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '../brand/BrandProvider';
import { usePageTitle } from './usePageTitle';
import { SkipLink } from './SkipLink';

interface CenteredLayoutProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  width?: number;
}

/** Sign-in style page: brand logo, one card with a heading, an optional footer line. */
export function CenteredLayout({ title, description, children, footer, width = 440 }: CenteredLayoutProps) {
  const brand = useBrand();
  const { t } = useTranslation('shell');
  usePageTitle(title);
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" py={{ base: 'lg', sm: 56 }} px="md">
      <SkipLink />
      <Center component="header" mb="xl">
        <Anchor component={Link} to="/" aria-label={t('brandHome', { brand: brand.title })}>
          <Image src={brand.logoUrl} alt="" h={44} w="auto" fit="contain" />
        </Anchor>
      </Center>
      <Box component="main" id="main" tabIndex={-1} maw={width} mx="auto">
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">
            <Stack gap={6}>
              <Title order={1} fz={{ base: 24, sm: 26 }}>
                {title}
              </Title>
              {description && (
                <Text c="dimmed" size="sm">
                  {description}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Text ta="center" size="sm" mt="lg" c="dimmed">
            {footer}
          </Text>
        )}
      </Box>
    </Box>
  );
}
