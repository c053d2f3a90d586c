import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What shows when a surface's code could not be fetched: a reload fetches it again (and a newer build). */
function SurfaceLoadError() {
  const { t } = useTranslation('shell');
  return (
    <Container size={440} py="xl">
      <Stack gap="sm" role="alert">
        <Title order={1} size="h2">
          {t('surfaceLoadError.title')}
        </Title>
        <Text>{t('surfaceLoadError.text')}</Text>
        <Button onClick={() => window.location.reload()}>{t('surfaceLoadError.reload')}</Button>
      </Stack>
    </Container>
  );
}

/**
 * Around the surface router, outside any router: a failed download of the console's route chunk
 * (a flaky network, or a deploy that removed the old chunk) shows a way out instead of a blank page.
 */
export class SurfaceLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <SurfaceLoadError /> : this.props.children;
  }
}
