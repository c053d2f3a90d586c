import { Alert, Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { acceptAttribute } from '@plenary/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AgendaShell } from './AgendaShell';
import { useCheckIn } from './api';
import { sessionPath } from './paths';
import { useCustomQrScan } from '../participant-qr';
import { isCustomQr, isSessionQr, loadScanner, readQrFromImage } from './qr';

type Scanner = { stop(): void; destroy(): void };
type Camera = 'off' | 'starting' | 'on' | 'failed';

/**
 * `/event/:eventId/scan`: the participant checks in to a session by scanning its QR code with the
 * camera (qr-scanner: the browser's BarcodeDetector where it has one, else its worker), or by
 * uploading a photo of the code. The code goes to `POST sessions/check-in`; the API's answer is shown.
 */
export function ScanPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('participantAgenda');
  const { t: tq } = useTranslation('qrCodes');
  const checkIn = useCheckIn(eventId);
  const customScan = useCustomQrScan('APP');
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<Scanner | null>(null);
  const [camera, setCamera] = useState<Camera>('off');
  const [local, setLocal] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const stopCamera = () => {
    scanner.current?.stop();
    scanner.current?.destroy();
    scanner.current = null;
    setCamera((c) => (c === 'failed' ? c : 'off'));
  };
  useEffect(() => stopCamera, []);

  const submit = (text: string) => {
    stopCamera();
    setLocal(null);
    checkIn.reset();
    customScan.reset();
    if (isCustomQr(text)) customScan.mutate({ eventId, qr: text });
    else if (isSessionQr(text)) checkIn.mutate(text);
    else setLocal(tq('scan.unknown'));
  };

  const startCamera = async () => {
    if (!video.current) return;
    setLocal(null);
    checkIn.reset();
    customScan.reset();
    setCamera('starting');
    try {
      const QrScanner = await loadScanner();
      const s = new QrScanner(video.current, (result) => submit(result.data), {
        returnDetailedScanResult: true,
        preferredCamera: 'environment',
        maxScansPerSecond: 5,
      });
      scanner.current = s;
      await s.start();
      setCamera('on');
    } catch {
      scanner.current?.destroy();
      scanner.current = null;
      setCamera('failed');
    }
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    stopCamera();
    checkIn.reset();
    customScan.reset();
    setLocal(null);
    setReading(true);
    const text = await readQrFromImage(file);
    setReading(false);
    if (text === undefined) setLocal(t('scan.notFound'));
    else submit(text);
  };

  const result = checkIn.data;
  const scanned = customScan.data;
  return (
    <AgendaShell eventId={eventId} back title={t('scan.title')}>
      <Text>{t('scan.intro')}</Text>
      <div
        style={{
          position: 'relative',
          width: '100%',
          maxWidth: 480,
          aspectRatio: '1',
          background: 'var(--mantine-color-gray-2)',
          borderRadius: 12,
          overflow: 'hidden',
          display: camera === 'on' || camera === 'starting' ? 'block' : 'none',
        }}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('scan.cameraView')}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </div>
      <Group gap="sm">
        {camera === 'on' || camera === 'starting' ? (
          <Button variant="default" onClick={stopCamera}>
            {t('scan.stop')}
          </Button>
        ) : (
          <Button onClick={() => void startCamera()}>{t('scan.start')}</Button>
        )}
        <FileButton onChange={(f) => void upload(f)} accept={acceptAttribute(['image'])}>
          {(props) => (
            <Button variant="default" {...props}>
              {t('scan.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="sm" c="dimmed">
        {t('scan.uploadHint')}
      </Text>
      <div aria-live="polite">
        {camera === 'starting' && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('scan.starting')}</Text>
          </Group>
        )}
        {(reading || checkIn.isPending || customScan.isPending) && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{reading ? t('scan.reading') : t('scan.sending')}</Text>
          </Group>
        )}
        {camera === 'failed' && (
          <Alert color="yellow" variant="light">
            {t('scan.noCamera')}
          </Alert>
        )}
        {local && (
          <Alert color="red" variant="light" role="alert" title={t('scan.refused')}>
            {local}
          </Alert>
        )}
        {checkIn.isError && (
          <Alert color="red" variant="light" role="alert" title={t('scan.refused')}>
            {checkIn.error.message}
          </Alert>
        )}
        {customScan.isError && (
          <Alert color="red" variant="light" role="alert" title={tq('scan.refused')}>
            {customScan.error.message}
          </Alert>
        )}
        {scanned && (
          <Alert color="teal" variant="light">
            <Text fw={600}>
              {scanned.pointsEarned > 0
                ? tq('scan.scannedPoints', { name: scanned.name, points: scanned.pointsEarned })
                : tq('scan.scanned', { name: scanned.name })}
            </Text>
            {!scanned.firstScan && <Text size="sm">{tq('scan.again', { count: scanned.scanCount })}</Text>}
          </Alert>
        )}
        {result && (
          <Alert color={result.alreadyCheckedIn ? 'blue' : 'teal'} variant="light">
            <Stack gap="xs" align="flex-start">
              <Text fw={600}>
                {t(result.alreadyCheckedIn ? 'scan.already' : 'scan.checkedIn', { name: result.sessionName })}
              </Text>
              <Button
                component={Link}
                to={sessionPath(eventId, result.sessionId)}
                size="xs"
                variant="default"
              >
                {t('session.open', { name: result.sessionName })}
              </Button>
            </Stack>
          </Alert>
        )}
      </div>
    </AgendaShell>
  );
}
