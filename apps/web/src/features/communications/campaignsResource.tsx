import { Badge, Group } from '@mantine/core';
import { CAMPAIGN_CHANNELS, CAMPAIGN_STATUSES, type CampaignStatus } from '@plenary/domain';
import i18next from 'i18next';
import { DateTime, defineResource, formatCount, type ResourceDef } from '../../shared/list';
import { campaignRoute, campaignsPath, type CampaignRow } from './api';

export const CAMPAIGN_STATUS_COLORS: Record<CampaignStatus, string> = {
  PENDING_TO_SCHEDULE: 'gray',
  SCHEDULED: 'blue',
  SENDING: 'yellow',
  SENT: 'teal',
  PAUSED: 'orange',
  FAILED: 'red',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge variant="light" color={CAMPAIGN_STATUS_COLORS[status]} style={{ textTransform: 'none' }}>
      {i18next.t(`communications:campaigns.status.${status}`)}
    </Badge>
  );
}

/** Spec part 3 "Communications": subject, channels, status, when (event time), audience, createdBy as name or e-mail. */
export function campaignsResource(eventId: string, timeZone: string | undefined): ResourceDef<CampaignRow> {
  const t = i18next.getFixedT(null, 'communications');
  return defineResource<CampaignRow>({
    key: `communications-${eventId}`,
    path: campaignsPath(eventId),
    exportable: false,
    searchPlaceholderKey: 'communications:campaigns.search',
    rowLabel: (c) => c.subject,
    rowLink: (c) => campaignRoute(c.id),
    filters: [
      {
        kind: 'multiselect',
        id: 'status',
        labelKey: 'communications:campaigns.filterStatus',
        options: CAMPAIGN_STATUSES.map((s) => ({
          value: s,
          labelKey: `communications:campaigns.status.${s}`,
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
        id: 'subject',
        header: 'communications:campaigns.columns.subject',
        sortField: 'subject',
        width: 240,
        cell: (c) => c.subject,
      },
      {
        id: 'channels',
        header: 'communications:campaigns.columns.channels',
        width: 120,
        cell: (c) => c.channels.map((ch) => t(`campaigns.channelShort.${ch}`)).join(' + '),
      },
      {
        id: 'status',
        header: 'communications:campaigns.columns.status',
        sortField: 'status',
        width: 120,
        cell: (c) => <CampaignStatusBadge status={c.status} />,
      },
      {
        id: 'scheduledAt',
        header: 'communications:campaigns.columns.schedule',
        sortField: 'scheduledAt',
        width: 170,
        cell: (c) =>
          c.scheduledAt ? (
            <DateTime value={c.scheduledAt} {...(timeZone ? { timeZone } : {})} />
          ) : c.schedule === 'NOW' ? (
            t('campaigns.now')
          ) : (
            `${c.sendDate ?? ''} ${c.sendTime ?? ''}`
          ),
      },
      {
        id: 'audience',
        header: 'communications:campaigns.columns.audience',
        width: 160,
        cell: (c) => (
          <Group gap={4} wrap="nowrap">
            {t(`campaigns.audienceType.${c.audience.type}`)}
            {c.audience.labels.length > 0 && `: ${c.audience.labels.map((l) => l.name).join(', ')}`}
          </Group>
        ),
      },
      {
        id: 'recipients',
        header: 'communications:campaigns.columns.recipients',
        width: 100,
        align: 'right',
        cell: (c) => (c.recipientCount === null ? '' : formatCount(c.recipientCount, i18next.language)),
      },
      {
        id: 'createdBy',
        header: 'communications:campaigns.columns.createdBy',
        width: 160,
        cell: (c) => c.createdBy,
      },
      {
        id: 'createdAt',
        header: 'communications:campaigns.columns.createdAt',
        sortField: 'createdAt',
        width: 190,
        defaultVisible: false,
        cell: (c) => <DateTime value={c.createdAt} />,
      },
    ],
  });
}
