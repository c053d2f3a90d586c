import { Alert, Button, FileButton, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { acceptAttribute, CARD_NOTE_MAX_LENGTH } from '@plenary/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { participantPaths } from '../../shared/navigation/participantPaths';
import { loadScanner, readQrFromImage } from '../participant-agenda';
import { useSendCardRequest } from './api';
import { ContactsShell } from './ContactsShell';
import { displayName, isBadgeQr } from './people';

type Scanner = { stop(): void; destroy(): void };
type Camera = 'off' | 'starting' | 'on' | 'failed';

/**
 * `/event/:eventId/card-scan` (the business card exchange scanner): scan a participant's badge with
 * the camera (the agenda's qr-scanner) or a photo of it, with an optional note; the API sends the
 * card request and answers where the two stand.
 */
export function CardScanPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('contacts');
  const send = useSendCardRequest(eventId);
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<Scanner | null>(null);
  const [camera, setCamera] = useState<Camera>('off');
  const [local, setLocal] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [note, setNote] = useState('');
  const noteRef = useRef(note);
  noteRef.current = note;

  const stopCamera = () => {
    scanner.current?.stop();
    scanner.current?.destroy();
    scanner.current = null;
    setCamera((c) => (c === 'failed' ? c : 'off'));
  };
  useEffect(() => stopCamera, []);

  const submit = (text: string) => {
    stopCamera();
    if (!isBadgeQr(text)) {
      setLocal(t('scan.notBadge'));
      return;
    }
    setLocal(null);
    send.mutate({ qr: text.trim(), note: noteRef.current });
  };

  const startCamera = async () => {
    if (!video.current) return;
    setLocal(null);
    send.reset();
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
    send.reset();
    setLocal(null);
    setReading(true);
    const text = await readQrFromImage(file);
    setReading(false);
    if (text === undefined) setLocal(t('scan.notFound'));
    else submit(text);
  };

  const result = send.data;
  const name = result ? displayName(result.request.person, '—') : '';
  const error = send.error;
  return (
    <ContactsShell eventId={eventId} title={t('scan.title')}>
      <Text>{t('scan.intro')}</Text>
      <Textarea
        label={t('scan.note')}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        maxLength={CARD_NOTE_MAX_LENGTH}
        autosize
        minRows={2}
        maw={480}
      />
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
          <Button onClick={() => void startCamera()}>
            {result || local || error ? t('scan.again') : t('scan.start')}
          </Button>
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
        {(reading || send.isPending) && (
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
        {error && (
          <Alert color="red" variant="light" role="alert" title={t('scan.refused')}>
            {error.status === 404 ? t('scan.notFoundPerson') : (error.fields?.qr ?? error.message)}
          </Alert>
        )}
        {result && (
          <Alert color={result.state === 'CONTACT' ? 'teal' : 'blue'} variant="light">
            <Stack gap="xs" align="flex-start">
              <Text fw={600}>
                {result.state === 'CONTACT' ? t('scan.contact', { name }) : t('scan.sent', { name })}
              </Text>
              <Button component={Link} to={participantPaths.contacts(eventId)} size="xs" variant="default">
                {t('badge.openContacts')}
              </Button>
            </Stack>
          </Alert>
        )}
      </div>
    </ContactsShell>
  );
}
