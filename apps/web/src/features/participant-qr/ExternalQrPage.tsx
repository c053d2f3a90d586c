import { Alert, Button, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { parseQrPayload } from '@plenary/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { participantPaths } from '../../shared/navigation/participantPaths';
import { useCustomQrScan } from './api';

/** The event a custom code's payload belongs to, or undefined when the text is no custom code. */
function customCodeEvent(text: string): string | undefined {
  const payload = parseQrPayload(text.trim());
  return payload?.type === 'CUSTOM_QR_CODE' ? payload.eventId : undefined;
}

/**
 * `/external-qr-code?payload=<url-encoded JSON>`: a custom QR code scanned outside the app (a phone's
 * camera opens this link when the code carries it), or its text pasted. The scan is recorded with
 * via EXTERNAL in the payload's event; the API checks the event and the code again.
 */
export function ExternalQrPage() {
  const { t } = useTranslation('qrCodes');
  const [params] = useSearchParams();
  const scan = useCustomQrScan('EXTERNAL');
  const [text, setText] = useState(params.get('payload') ?? '');
  const [invalid, setInvalid] = useState(false);
  const sentFromLink = useRef(false);

  const submit = (value: string) => {
    const eventId = customCodeEvent(value);
    setInvalid(eventId === undefined);
    scan.reset();
    if (eventId) scan.mutate({ eventId, qr: value.trim() });
  };

  useEffect(() => {
    const payload = params.get('payload');
    if (payload && !sentFromLink.current) {
      sentFromLink.current = true;
      submit(payload);
    }
    // Only the link's payload is sent by itself, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const result = scan.data;
  return (
    <Container size="sm" py="lg">
      <Stack>
        <Title order={1}>{t('external.title')}</Title>
        <Text>{t('external.intro')}</Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit(text);
          }}
        >
          <Stack gap="sm">
            <Textarea
              label={t('external.codeLabel')}
              description={t('external.codeHint')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={invalid ? t('external.invalid') : undefined}
              autosize
              minRows={2}
            />
            <Group>
              <Button type="submit" loading={scan.isPending}>
                {t('external.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
        <div aria-live="polite">
          {scan.isError && (
            <Alert color="red" variant="light" role="alert" title={t('scan.refused')}>
              {scan.error.message}
            </Alert>
          )}
          {result && (
            <Alert color="teal" variant="light">
              <Stack gap="xs" align="flex-start">
                <Text fw={600}>
                  {result.pointsEarned > 0
                    ? t('scan.scannedPoints', { name: result.name, points: result.pointsEarned })
                    : t('scan.scanned', { name: result.name })}
                </Text>
                {!result.firstScan && <Text size="sm">{t('scan.again', { count: result.scanCount })}</Text>}
                <Group gap="xs">
                  <Button component={Link} to={`/event/${encodeURIComponent(result.eventId)}/home`} size="xs">
                    {t('external.openEvent')}
                  </Button>
                  <Button
                    component={Link}
                    to={participantPaths.game(result.eventId)}
                    size="xs"
                    variant="default"
                  >
                    {t('external.openGame')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
        </div>
      </Stack>
    </Container>
  );
}
