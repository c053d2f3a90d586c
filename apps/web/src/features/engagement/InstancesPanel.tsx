import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ENGAGEMENT_MESSAGES, MESSAGES, rooms, type InstanceStatus } from '@plenary/domain';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { eventClock, formatDateTime, pickerHours } from '../../shared/time/format';
import { fromWallTime } from '../../shared/time/zones';
import { ConfirmDelete, DeleteButton, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { DateTimeField } from '../../shared/ui/DateTimeField';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import {
  aggregatedResultRoute,
  instancesPath,
  instanceStatusPath,
  qaScreenRoute,
  useInstances,
  useRefreshTools,
  viewResultRoute,
  type InstanceBody,
  type InstanceRow,
  type ToolRow,
} from './api';
import { focusField } from '../../shared/forms/focusField';

export const STATUS_COLORS: Record<InstanceStatus, string> = {
  OPEN: 'teal',
  CLOSED: 'gray',
  SCHEDULED: 'blue',
};

export function StatusBadge({ status }: { status: InstanceStatus }) {
  const { t } = useTranslation('engagement');
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} style={{ textTransform: 'none' }}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

/** Refetches when an instance of `sessionId` changes status (opened or closed by hand, by a moderator or by the schedule). */
function SessionListener({ sessionId, onChange }: { sessionId: string; onChange: () => void }) {
  useRealtimeEvent(rooms.session(sessionId), 'engagement.instance', onChange);
  return null;
}

/** A front-of-room screen, opened in a new tab (its accessible name says so). */
function ScreenLink({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation('engagement');
  return (
    <Anchor
      href={to}
      target="_blank"
      rel="noopener"
      size="sm"
      aria-label={`${label} ${t('instances.opensInNewTab')}`}
    >
      {label}
    </Anchor>
  );
}

interface PanelProps {
  eventId: string;
  tool: ToolRow;
  zone: string;
}

/**
 * A tool's instances, one row per run in a session: status, schedule (in the event's zone),
 * respondents, Open / Close, the front-of-room screens and delete; "Add instance" runs the tool in
 * one of its sessions now, later (scheduled) or closed for now. Status changes made elsewhere (a
 * moderator, the schedule) arrive on the sessions' rooms and refresh the list.
 */
export function InstancesPanel({ eventId, tool, zone }: PanelProps) {
  const { t } = useTranslation('engagement');
  const instances = useInstances(eventId, tool.id);
  const refresh = useRefreshTools(eventId);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const deleting = useDeleteDialog<InstanceRow>();
  const clock = eventClock(zone);
  useRealtimeResync(() => void instances.refetch());

  const setStatus = async (instance: InstanceRow, status: 'OPEN' | 'CLOSED') => {
    setBusy(instance.id);
    try {
      await apiFetch(instanceStatusPath(eventId, tool.id, instance.id), { method: 'PUT', body: { status } });
      toast.success(t(status === 'OPEN' ? 'instances.opened' : 'instances.closed'));
      await refresh();
    } catch (error) {
      toast.error(isApiError(error) && error.message ? error.message : t('instances.failed'));
    } finally {
      setBusy(null);
    }
  };

  const rows = instances.data?.records ?? [];
  const schedule = (i: InstanceRow) =>
    i.opensAt || i.closesAt
      ? t('instances.schedule', {
          opens: i.opensAt ? formatDateTime(i.opensAt, clock) : '',
          closes: i.closesAt ? formatDateTime(i.closesAt, clock) : '',
        })
      : t('common.none');

  const links = (i: InstanceRow) => (
    <Stack gap={2}>
      <ScreenLink to={viewResultRoute(eventId, tool.id, i.id)} label={t('instances.resultsScreen')} />
      {tool.type === 'QA' && <ScreenLink to={qaScreenRoute(tool.id, i.id)} label={t('instances.qaScreen')} />}
    </Stack>
  );
  const actions = (i: InstanceRow) => (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {i.status === 'OPEN' ? (
        <Button
          size="xs"
          variant="light"
          color="gray"
          loading={busy === i.id}
          aria-label={t('instances.close', { name: i.session.name })}
          onClick={() => void setStatus(i, 'CLOSED')}
        >
          {t('instances.closeShort')}
        </Button>
      ) : (
        <Button
          size="xs"
          variant="light"
          color="teal"
          loading={busy === i.id}
          aria-label={t('instances.open', { name: i.session.name })}
          onClick={() => void setStatus(i, 'OPEN')}
        >
          {t('instances.openShort')}
        </Button>
      )}
      <DeleteButton
        label={t('instances.delete.button', { name: i.session.name })}
        onClick={() => deleting.open(i)}
      />
    </Group>
  );

  return (
    <Stack gap="md">
      {tool.sessions.map((s) => (
        <SessionListener key={s.id} sessionId={s.id} onChange={() => void refresh()} />
      ))}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t('instances.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('instances.intro')}
          </Text>
        </Stack>
        <Button onClick={() => setAdding(true)} disabled={tool.sessions.length === 0}>
          {t('instances.add')}
        </Button>
      </Group>
      {tool.sessions.length === 0 && (
        <Alert variant="light" color="blue" role="note">
          {t('instances.noSessions')}
        </Alert>
      )}
      <Group gap="md">
        <Text size="sm" fw={500}>
          {t('instances.screens')}:
        </Text>
        <ScreenLink to={aggregatedResultRoute(eventId, tool.id)} label={t('instances.aggregatedScreen')} />
      </Group>
      {instances.isPending ? (
        <Skeleton h={120} />
      ) : instances.isError ? (
        <Alert color="red" variant="light">
          {t('common.loadFailed')}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('instances.empty')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720} visibleFrom="sm">
            <Table verticalSpacing="sm" striped aria-label={t('instances.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('instances.session')}</Table.Th>
                  <Table.Th>{t('instances.status')}</Table.Th>
                  <Table.Th>{`${t('instances.opensAt')} – ${t('instances.closesAt')}`}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('instances.respondents')}</Table.Th>
                  <Table.Th>{t('instances.screens')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('instances.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((i) => (
                  <Table.Tr key={i.id} data-testid="instance-row">
                    <Table.Td>{i.session.name}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={i.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{schedule(i)}</Text>
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{i.respondentCount}</Table.Td>
                    <Table.Td>{links(i)}</Table.Td>
                    <Table.Td>{actions(i)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {/* Phones: one card per instance instead of a table scrolled sideways. */}
          <Stack
            gap="sm"
            hiddenFrom="sm"
            component="ul"
            aria-label={t('instances.title')}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {rows.map((i) => (
              <Paper key={i.id} component="li" withBorder radius="md" p="sm">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {i.session.name}
                    </Text>
                    <StatusBadge status={i.status} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {`${t('instances.opensAt')} – ${t('instances.closesAt')}: ${schedule(i)}`}
                  </Text>
                  <Text size="sm">{`${t('instances.respondents')}: ${i.respondentCount}`}</Text>
                  {links(i)}
                  {actions(i)}
                </Stack>
              </Paper>
            ))}
          </Stack>
        </>
      )}
      {adding && (
        <AddInstanceDialog
          eventId={eventId}
          tool={tool}
          zone={zone}
          onClose={() => setAdding(false)}
          onAdded={() => void refresh()}
        />
      )}
      {deleting.record && (
        <ConfirmDelete
          path={instancesPath(eventId, tool.id)}
          id={deleting.record.id}
          title={t('instances.delete.title')}
          message={t('instances.delete.text', { name: deleting.record.session.name })}
          confirmLabel={t('instances.delete.confirm')}
          successMessage={t('instances.delete.deleted')}
          onClose={() => {
            deleting.close();
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}

type InstanceErrors = Partial<Record<'sessionId' | 'status' | 'opensAt' | 'closesAt', string>>;

/** New instance: a session of the tool, and open now, closed for now, or scheduled (wall-clock times in the event's zone). */
function AddInstanceDialog({
  eventId,
  tool,
  zone,
  onClose,
  onAdded,
}: {
  eventId: string;
  tool: ToolRow;
  zone: string;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation('engagement');
  const [sessionId, setSessionId] = useState<string | null>(
    tool.sessions.length === 1 ? (tool.sessions[0]?.id ?? null) : null,
  );
  const [status, setStatus] = useState<InstanceStatus>('OPEN');
  const [opensAt, setOpensAt] = useState('');
  const [closesAt, setClosesAt] = useState('');
  const [errors, setErrors] = useState<InstanceErrors>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const hours = pickerHours(eventClock(zone));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found: InstanceErrors = {};
    if (!sessionId) found.sessionId = MESSAGES.pleaseSelectValue;
    if (status === 'SCHEDULED' && !opensAt) found.opensAt = ENGAGEMENT_MESSAGES.scheduleRequired;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusField(form, Object.keys(found)[0]!);
      return;
    }
    const body: InstanceBody = {
      sessionId: sessionId!,
      status,
      opensAt: status === 'SCHEDULED' && opensAt ? fromWallTime(opensAt, zone) : null,
      closesAt: status === 'SCHEDULED' && closesAt ? fromWallTime(closesAt, zone) : null,
    };
    setSaving(true);
    try {
      await apiFetch(instancesPath(eventId, tool.id), { method: 'POST', body });
      toast.success(t('instances.created'));
      onAdded();
      onClose();
    } catch (error) {
      const fields = isApiError(error) && error.fields ? (error.fields as InstanceErrors) : {};
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        focusField(form, Object.keys(fields)[0]!);
      } else toast.error(isApiError(error) && error.message ? error.message : t('instances.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('instances.addTitle')}
      submitLabel={t('common.create')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      formRef={formRef}
    >
      <Select
        label={t('instances.session')}
        required
        data={tool.sessions.map((s) => ({ value: s.id, label: s.name }))}
        value={sessionId}
        onChange={(v) => {
          setSessionId(v);
          setErrors(({ sessionId: _, ...rest }) => rest);
        }}
        error={errors.sessionId}
        data-field="sessionId"
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
      <Radio.Group
        label={t('instances.status')}
        value={status}
        onChange={(v) => setStatus(v as InstanceStatus)}
        error={errors.status}
        data-field="status"
      >
        <Stack gap={6} mt={6}>
          {(['OPEN', 'CLOSED', 'SCHEDULED'] as const).map((s) => (
            <Radio key={s} value={s} label={t(`instances.statusNow.${s}`)} />
          ))}
        </Stack>
      </Radio.Group>
      {status === 'SCHEDULED' && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('instances.zone', { zone })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateTimeField
              name="opensAt"
              hours={hours}
              label={t('instances.opensAt')}
              required
              value={opensAt}
              onChange={(v) => {
                setOpensAt(v);
                setErrors(({ opensAt: _, ...rest }) => rest);
              }}
              error={errors.opensAt}
            />
            <DateTimeField
              name="closesAt"
              hours={hours}
              label={t('instances.closesAt')}
              value={closesAt}
              onChange={(v) => {
                setClosesAt(v);
                setErrors(({ closesAt: _, ...rest }) => rest);
              }}
              error={errors.closesAt}
              clearable
              clearButtonProps={{ 'aria-label': t('instances.clearClosesAt') }}
            />
          </SimpleGrid>
        </Stack>
      )}
    </FormDialog>
  );
}
