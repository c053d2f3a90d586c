import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  DELIVERY_STATUSES,
  CAMPAIGN_CHANNELS,
  type CampaignAction,
  type CampaignDelivery,
  type CampaignPreview,
} from '@plenary/domain';
import i18next from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { useApiQuery } from '../../shared/api/query';
import {
  DateTime,
  defineResource,
  formatCount,
  formatDateTime,
  ResourceListPage,
  type ResourceDef,
} from '../../shared/list';
import { EventRequired } from '../../shared/ui/EventRequired';
import { toast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import {
  campaignPath,
  COMMUNICATIONS_ROUTE,
  useRefreshCampaigns,
  useUpdateOptions,
  type CampaignRow,
  type RecipientRow,
} from './api';
import { CampaignEditor } from './CampaignEditor';
import { CampaignStatusBadge } from './campaignsResource';

const FIGURES = ['total', 'queued', 'sending', 'sent', 'deferred', 'failed', 'bounced'] as const;
const LIVE = new Set(['SENDING', 'SCHEDULED']);

function recipientsResource(eventId: string, id: string): ResourceDef<RecipientRow> {
  return defineResource<RecipientRow>({
    key: `communication-recipients-${eventId}`,
    path: `${campaignPath(eventId, id)}/recipients`,
    exportable: false,
    searchPlaceholderKey: 'communications:detail.recipientsSearch',
    rowLabel: (r) => r.name,
    filters: [
      {
        kind: 'multiselect',
        id: 'status',
        labelKey: 'communications:campaigns.filterStatus',
        options: DELIVERY_STATUSES.map((s) => ({
          value: s,
          labelKey: `communications:detail.deliveryStatus.${s}`,
        })),
      },
      {
        kind: 'multiselect',
        id: 'channel',
        labelKey: 'communications:campaigns.filterChannel',
        options: CAMPAIGN_CHANNELS.map((c) => ({
          value: c,
          labelKey: `communications:campaigns.channel.${c}`,
        })),
      },
    ],
    columns: [
      {
        id: 'name',
        header: 'communications:detail.recipientColumns.name',
        sortField: 'name',
        width: 200,
        cell: (r) => r.name,
      },
      {
        id: 'email',
        header: 'communications:detail.recipientColumns.email',
        sortField: 'email',
        width: 220,
        cell: (r) => r.email,
      },
      {
        id: 'channel',
        header: 'communications:detail.recipientColumns.channel',
        sortField: 'channel',
        width: 130,
        cell: (r) => <ChannelText channel={r.channel} />,
      },
      {
        id: 'status',
        header: 'communications:detail.recipientColumns.status',
        sortField: 'status',
        width: 120,
        cell: (r) => <DeliveryText status={r.status} />,
      },
      {
        id: 'attempts',
        header: 'communications:detail.recipientColumns.attempts',
        width: 100,
        align: 'right',
        cell: (r) => r.attempts,
      },
      {
        id: 'subject',
        header: 'communications:detail.recipientColumns.subject',
        width: 240,
        cell: (r) => r.subject,
      },
      {
        id: 'sentAt',
        header: 'communications:detail.recipientColumns.sentAt',
        sortField: 'sentAt',
        width: 190,
        cell: (r) => (r.sentAt ? <DateTime value={r.sentAt} /> : ''),
      },
      {
        id: 'error',
        header: 'communications:detail.recipientColumns.error',
        width: 240,
        cell: (r) => r.lastError ?? '',
      },
    ],
  });
}

function ChannelText({ channel }: { channel: RecipientRow['channel'] }) {
  const { t } = useTranslation('communications');
  return <>{t(`campaigns.channelShort.${channel}`)}</>;
}
function DeliveryText({ status }: { status: RecipientRow['status'] }) {
  const { t } = useTranslation('communications');
  return <>{t(`detail.deliveryStatus.${status}`)}</>;
}

function Delivery({ eventId, campaign }: { eventId: string; campaign: CampaignRow }) {
  const { t } = useTranslation('communications');
  const live = LIVE.has(campaign.status);
  const delivery = useApiQuery<CampaignDelivery>(
    `${campaignPath(eventId, campaign.id)}/delivery`,
    undefined,
    {
      refetchInterval: live ? 2000 : false,
    },
  );
  const d = delivery.data;
  return (
    <Card withBorder component="section" aria-labelledby="delivery-title">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4" id="delivery-title">
            {t('detail.delivery')}
          </Title>
          {d?.recipientCount != null && (
            <Text size="sm">{t('detail.recipientsCount', { count: d.recipientCount })}</Text>
          )}
        </Group>
        {live && (
          <Text size="xs" c="dimmed">
            {t('detail.deliveryHint')}
          </Text>
        )}
        {!d ? (
          <Skeleton height={80} />
        ) : d.channels.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('detail.noFigures')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-labelledby="delivery-title" data-testid="delivery-figures">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('detail.figures.channel')}</Table.Th>
                  {FIGURES.map((f) => (
                    <Table.Th key={f} scope="col" ta="right">
                      {t(`detail.figures.${f}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.channels.map((c) => (
                  <Table.Tr key={c.channel}>
                    <Table.Th scope="row">{t(`campaigns.channel.${c.channel}`)}</Table.Th>
                    {FIGURES.map((f) => (
                      <Table.Td key={f} ta="right">
                        {formatCount(c[f], i18next.language)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

function Preview({ eventId, campaign }: { eventId: string; campaign: CampaignRow }) {
  const { t } = useTranslation('communications');
  const body = useMemo(
    () => ({
      subject: campaign.subject,
      body: campaign.body,
      link: {
        type: campaign.link.type,
        sessionId: campaign.link.session?.id ?? null,
        url: campaign.link.url,
      },
      audience: {
        type: campaign.audience.type,
        labelIds: campaign.audience.labels.map((l) => l.id),
        rules: campaign.audience.rules,
        sessionIds: campaign.audience.sessions.map((s) => s.id),
        participantIds: campaign.audience.people.map((p) => p.id),
      },
    }),
    [campaign],
  );
  const [data, setData] = useState<CampaignPreview | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const load = () => {
    setLoading(true);
    setFailed(false);
    apiFetch<CampaignPreview>(`events/${encodeURIComponent(eventId)}/communications/preview`, {
      method: 'POST',
      body,
    })
      .then(setData)
      .catch(() => setFailed(true))
      .finally(() => setLoading(false));
  };
  return (
    <Card withBorder component="section" aria-labelledby="preview-title">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4" id="preview-title">
            {t('detail.preview')}
          </Title>
          <Button variant="default" size="xs" onClick={load} loading={loading}>
            {t('detail.preview')}
          </Button>
        </Group>
        {failed && <Alert color="red">{t('editor.failed')}</Alert>}
        {data && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {data.recipient
                ? t('detail.previewFor', { name: data.recipient.name })
                : t('detail.previewNobody')}
            </Text>
            <Tabs
              defaultValue={campaign.channels.includes('NOTIFICATION') ? 'push' : 'email'}
              keepMounted={false}
            >
              <Tabs.List>
                {campaign.channels.includes('NOTIFICATION') && (
                  <Tabs.Tab value="push">{t('detail.push')}</Tabs.Tab>
                )}
                {campaign.channels.includes('EMAIL') && (
                  <Tabs.Tab value="email">{t('detail.emailPart')}</Tabs.Tab>
                )}
              </Tabs.List>
              <Tabs.Panel value="push" pt="sm">
                <Card withBorder maw={380}>
                  <Text fw={600}>{data.subject}</Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {data.body}
                  </Text>
                  {data.url && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {data.url}
                    </Text>
                  )}
                </Card>
              </Tabs.Panel>
              <Tabs.Panel value="email" pt="sm">
                <iframe
                  title={t('detail.previewFrame')}
                  sandbox=""
                  srcDoc={data.html}
                  style={{
                    width: '100%',
                    height: 420,
                    border: '1px solid var(--mantine-color-gray-4)',
                    background: '#fff',
                  }}
                />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

const ACTION_LABEL: Record<CampaignAction, string> = {
  SCHEDULE: 'detail.schedule',
  UNSCHEDULE: 'detail.unschedule',
  PAUSE: 'detail.pause',
  RESUME: 'detail.resume',
};

function Detail({ eventId, id }: { eventId: string; id: string }) {
  const { t } = useTranslation('communications');
  const options = useUpdateOptions(eventId);
  const refresh = useRefreshCampaigns(eventId);
  const query = useApiQuery<CampaignRow>(campaignPath(eventId, id), undefined, {
    refetchInterval: (q) => (q.state.data && LIVE.has(q.state.data.status) ? 3000 : false),
  });
  const c = query.data;
  usePageTitle(c?.subject ?? t('campaigns.title'));
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const recipients = useMemo(() => recipientsResource(eventId, id), [eventId, id]);
  const tz = options.data?.timezone;
  // A change of status (scheduled → sending → sent) refreshes the figures and the recipients.
  const status = c?.status;
  useEffect(() => {
    if (status) void refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the status changes
  }, [status]);

  const run = async (key: string, call: () => Promise<string>) => {
    setBusy(key);
    try {
      toast.success(await call());
      await refresh();
    } catch (err) {
      toast.error(t('detail.actionFailed', { message: isApiError(err) ? err.message : String(err) }));
    } finally {
      setBusy(null);
    }
  };

  if (query.isError)
    return (
      <Stack>
        <Anchor component={Link} to={COMMUNICATIONS_ROUTE}>
          {t('detail.back')}
        </Anchor>
        <Alert color="red">{t('detail.notFound')}</Alert>
      </Stack>
    );
  if (!c)
    return (
      <Stack aria-busy="true">
        <Skeleton height={32} width="50%" />
        <Skeleton height={120} />
      </Stack>
    );
  const actions = options.data?.statuses.find((s) => s.status === c.status)?.actions ?? [];
  return (
    <Stack gap="md">
      <Anchor component={Link} to={COMMUNICATIONS_ROUTE} size="sm">
        ← {t('detail.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{c.subject}</Title>
          <Group gap="xs">
            <span data-testid="campaign-status">
              <CampaignStatusBadge status={c.status} />
            </span>
            {c.channels.map((ch) => (
              <Badge key={ch} variant="outline" style={{ textTransform: 'none' }}>
                {t(`campaigns.channel.${ch}`)}
              </Badge>
            ))}
            <Text size="sm">{c.createdBy}</Text>
          </Group>
          {c.scheduledAt && c.status !== 'SENT' && (
            <Text size="sm">{t('detail.dueAt', { when: formatDateTime(c.scheduledAt, tz) })}</Text>
          )}
          {c.sentAt && <Text size="sm">{t('detail.sentAt', { when: formatDateTime(c.sentAt, tz) })}</Text>}
          {c.statusReason && (
            <Text size="sm" c="red.8">
              {t('detail.reason', { reason: c.statusReason })}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          {c.editable && (
            <Button variant="default" onClick={() => setEditing(true)}>
              {t('campaigns.edit', { subject: '' }).trim()}
            </Button>
          )}
          <Button
            variant="default"
            loading={busy === 'test'}
            onClick={() =>
              void run('test', async () => {
                const r = await apiFetch<{ email: string | null; pushDevices: number }>(
                  `${campaignPath(eventId, id)}/test`,
                  { method: 'POST' },
                );
                return r.email
                  ? t('detail.tested', { email: r.email, count: r.pushDevices })
                  : t('detail.testedNoEmail', { count: r.pushDevices });
              })
            }
          >
            {t('detail.test')}
          </Button>
          {actions.map((a) => (
            <Button
              key={a}
              loading={busy === a}
              variant={a === 'SCHEDULE' || a === 'RESUME' ? 'filled' : 'default'}
              onClick={() =>
                void run(a, async () => {
                  await apiFetch(`${campaignPath(eventId, id)}/status`, {
                    method: 'PUT',
                    body: { action: a },
                  });
                  return t('detail.done');
                })
              }
            >
              {a === 'SCHEDULE' && c.schedule === 'NOW' ? t('detail.sendNow') : t(ACTION_LABEL[a])}
            </Button>
          ))}
        </Group>
      </Group>
      <Card withBorder>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{c.body}</Text>
      </Card>
      <Delivery eventId={eventId} campaign={c} />
      <Preview eventId={eventId} campaign={c} />
      {c.recipientCount === null ? (
        <Stack gap={4} component="section" aria-labelledby="recipients-title">
          <Title order={2} size="h4" id="recipients-title">
            {t('detail.recipients')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('detail.recipientsEmpty')}
          </Text>
        </Stack>
      ) : (
        <ResourceListPage
          resource={recipients}
          title={t('detail.recipients')}
          section
          empty={{ title: t('detail.recipientsEmpty') }}
        />
      )}
      {editing && <CampaignEditor eventId={eventId} campaign={c} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

/** `/communication/:communicationId`: a communication with its actions, delivery figures (live while sending), preview and recipients. */
export function CampaignPage() {
  const { communicationId = '' } = useParams();
  return <EventRequired>{(eventId) => <Detail eventId={eventId} id={communicationId} />}</EventRequired>;
}
