import { Badge, Button } from '@mantine/core';
import { MAGIC_LINK_STATUSES } from '@plenary/domain';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime, defineResource, ResourceListPage, type ResourceDef } from '../../shared/list';
import { EventRequired } from '../../shared/ui/EventRequired';
import { fullName } from './participantsResource';
import { ATTENDEES_PATH, participantProfilePath, participantsApi } from './paths';
import type { MagicLink } from './types';

const STATUS_COLOR: Record<MagicLink['status'], string> = { ACTIVE: 'blue', USED: 'teal', EXPIRED: 'gray' };

function Status({ status }: { status: MagicLink['status'] }) {
  return (
    <Badge variant="light" size="sm" color={STATUS_COLOR[status]} style={{ textTransform: 'none' }}>
      {i18next.t(`attendees:magicLinks.status.${status}`)}
    </Badge>
  );
}

/** The magic-links report of one event: who was sent a link, to which address, by whom, when, and its use. */
export function magicLinksResource(eventId: string): ResourceDef<MagicLink> {
  return defineResource<MagicLink>({
    key: 'magic-links',
    path: `${participantsApi(eventId)}/magic-links`,
    exportable: false,
    searchPlaceholderKey: 'attendees:magicLinks.search',
    rowLink: (m) => participantProfilePath(eventId, m.participantId),
    filters: [
      {
        kind: 'multiselect',
        id: 'status',
        labelKey: 'attendees:magicLinks.columns.status',
        options: MAGIC_LINK_STATUSES.map((s) => ({ value: s, labelKey: `attendees:magicLinks.status.${s}` })),
      },
    ],
    columns: [
      {
        id: 'recipient',
        header: 'attendees:magicLinks.columns.recipient',
        sortField: 'lastName',
        width: 170,
        cell: (m) => fullName(m) || m.email,
      },
      {
        id: 'email',
        header: 'attendees:magicLinks.columns.email',
        sortField: 'email',
        width: 200,
        cell: (m) => m.email,
      },
      { id: 'sentBy', header: 'attendees:magicLinks.columns.sentBy', width: 130, cell: (m) => m.sentBy },
      {
        id: 'sentAt',
        header: 'attendees:magicLinks.columns.sentAt',
        sortField: 'sentAt',
        width: 165,
        cell: (m) => <DateTime value={m.sentAt} />,
      },
      {
        id: 'status',
        header: 'attendees:magicLinks.columns.status',
        width: 125,
        cell: (m) => <Status status={m.status} />,
      },
      {
        id: 'usedAt',
        header: 'attendees:magicLinks.columns.usedAt',
        width: 160,
        cell: (m) => <DateTime value={m.usedAt} />,
      },
      {
        id: 'expiresAt',
        header: 'attendees:magicLinks.columns.expiresAt',
        sortField: 'expiresAt',
        width: 165,
        defaultVisible: false,
        cell: (m) => <DateTime value={m.expiresAt} />,
      },
    ],
  });
}

function MagicLinksReport({ eventId }: { eventId: string }) {
  const { t } = useTranslation('attendees');
  const resource = useMemo(() => magicLinksResource(eventId), [eventId]);
  return (
    <ResourceListPage
      resource={resource}
      title={t('magicLinks.title')}
      actions={
        <Button component={Link} to={ATTENDEES_PATH} variant="default">
          {t('magicLinks.backToList')}
        </Button>
      }
      empty={{ title: t('magicLinks.empty'), description: t('magicLinks.emptyText') }}
    />
  );
}

/** `/attendees/magic-links`: the magic-links report of the selected event. */
export function MagicLinksPage() {
  return <EventRequired>{(eventId) => <MagicLinksReport key={eventId} eventId={eventId} />}</EventRequired>;
}
