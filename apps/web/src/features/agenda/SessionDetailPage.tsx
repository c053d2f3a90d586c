import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { QR_EXPORT_SIZES } from '@plenary/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiDownload } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { formatCount } from '../../shared/list';
import { EventRequired } from '../../shared/ui/EventRequired';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useFocusReturnOnClose } from '../../shared/ui/useFocusReturnOnClose';
import { SESSIONS_ROUTE, sessionPath, sessionsPath, useSession } from './api';
import { SessionAttendees } from './SessionAttendees';
import { SessionForm } from './SessionForm';
import { useEventZone } from './useEventZone';
import { eventClock, formatSpan } from '../../shared/time/format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** A file name from the session's name ('Opening keynote' → 'opening-keynote'). */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'session';

async function download(run: () => Promise<void>, failed: string) {
  try {
    await run();
  } catch (error) {
    toast.error(isApiError(error) && error.message ? error.message : failed);
  }
}

function SessionDetail({ eventId, sessionId }: { eventId: string; sessionId: string }) {
  const { t } = useTranslation('agenda');
  const session = useSession(eventId, sessionId);
  const time = useEventZone(eventId);
  const [size, setSize] = useState<string>(String(QR_EXPORT_SIZES[0]));
  const [editing, setEditing] = useState(false);
  const focusReturn = useFocusReturnOnClose();
  const data = session.data;
  usePageTitle(data?.name ?? t('sessions.title'));

  const back = (
    <Anchor component={Link} to={SESSIONS_ROUTE} size="sm">
      ← {t('detail.back')}
    </Anchor>
  );
  if (session.isError && !data)
    return (
      <Stack gap="md">
        {back}
        <LoadError
          message={session.error.status === 404 ? t('detail.notFound') : session.error.message}
          onRetry={() => void session.refetch()}
        />
      </Stack>
    );
  if (!data || !time)
    return (
      <Stack gap="md" role="status" aria-label={t('common:states.loading')}>
        <Skeleton h={20} w={160} />
        <Skeleton h={36} w="50%" />
        <Skeleton h={140} />
        <Skeleton h={320} />
      </Stack>
    );

  const qrFile = `${slug(data.name)}-qr-${size}.png`;
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {data.name}
          </Title>
          <Group gap="xs">
            <Badge
              variant="light"
              color={data.status === 'PUBLISHED' ? 'teal' : 'gray'}
              style={{ textTransform: 'none' }}
            >
              {t(`statuses.${data.status}`)}
            </Badge>
            <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
              {t(`types.${data.type}`)}
            </Badge>
            <Text size="sm">{t('attendance', { count: data.enrolledCount })}</Text>
          </Group>
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => {
              focusReturn.remember();
              setEditing(true);
            }}
          >
            {t('detail.edit')}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default">{t('detail.exportAttendance')}</Button>
            </Menu.Target>
            <Menu.Dropdown>
              {(['csv', 'xlsx'] as const).map((format) => (
                <Menu.Item
                  key={format}
                  onClick={() =>
                    void download(
                      () =>
                        apiDownload(
                          `${sessionsPath(eventId)}/export-attendance-tracking`,
                          { format, sessionId },
                          `${slug(data.name)}-attendance.${format}`,
                        ),
                      t('common.loadFailed'),
                    )
                  }
                >
                  {t(format === 'csv' ? 'detail.exportCsv' : 'detail.exportXlsx')}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Card withBorder style={{ gridColumn: 'span 2' }} component="section" aria-label={t('detail.facts')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Fact label={t('detail.when')}>
              {formatSpan(data.startAt, data.endAt, eventClock(time.zone))} ({time.zone})
            </Fact>
            <Fact label={t('detail.where')}>{data.location?.name ?? t('common.none')}</Fact>
            <Fact label={t('detail.capacity')}>
              {data.capacity === null ? t('common.unlimited') : formatCount(data.capacity, 'en')}
            </Fact>
            <Fact label={t('detail.enrolled')}>{formatCount(data.enrolledCount, 'en')}</Fact>
            <Fact label={t('detail.waitlisted')}>{formatCount(data.waitlistedCount, 'en')}</Fact>
            <Fact label={t('detail.checkedIn')}>{formatCount(data.attendedCount, 'en')}</Fact>
          </SimpleGrid>
        </Card>
        <Card withBorder component="section" aria-labelledby="session-qr">
          <Stack gap="xs">
            <Text fw={600} id="session-qr">
              {t('detail.qr')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('detail.qrText')}
            </Text>
            <Group align="flex-end" gap="sm">
              <Select
                label={t('detail.qrSize')}
                data={QR_EXPORT_SIZES.map((s) => ({
                  value: String(s),
                  label: t('detail.qrSizeOption', { size: s }),
                }))}
                value={size}
                onChange={(v) => v && setSize(v)}
                allowDeselect={false}
                w={170}
                comboboxProps={{ withinPortal: true }}
              />
              <Button
                onClick={() =>
                  void download(
                    () => apiDownload(`${sessionPath(eventId, sessionId)}/qr-code`, { size }, qrFile),
                    t('common.loadFailed'),
                  )
                }
              >
                {t('detail.downloadQr')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>

      <SessionAttendees eventId={eventId} session={data} zone={time.zone} />

      {editing && (
        <SessionForm
          eventId={eventId}
          zone={time.zone}
          firstDay={time.firstDay}
          days={time.days}
          record={data}
          onClose={() => {
            setEditing(false);
            focusReturn.restore();
          }}
          onSaved={() => void session.refetch()}
        />
      )}
    </Stack>
  );
}

/** `/agenda/sessions/:sessionId`: one session with its attendees, QR code and attendance export. */
export function SessionDetailPage() {
  const { sessionId = '' } = useParams();
  return (
    <EventRequired>
      {(eventId) => <SessionDetail key={`${eventId}-${sessionId}`} eventId={eventId} sessionId={sessionId} />}
    </EventRequired>
  );
}
