import { Button, Text } from '@mantine/core';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DateTime,
  defineResource,
  formatCount,
  optionsFrom,
  ResourceListPage,
  type ResourceDef,
} from '../../shared/list';
import { EventRequired } from '../../shared/ui/EventRequired';
import { ArrowLeftIcon } from '../../shared/ui/icons';
import { codesPath, CODES_ROUTE, scansPath, type CodeRow, type ScanRow } from './api';
import { ReportsMenu } from './Downloads';

/** Who scanned the event's QR codes: one row per participant and code, filtered by code and kind. */
function scansResource(eventId: string): ResourceDef<ScanRow> {
  const t = i18next.getFixedT(null, 'qrCodes');
  return defineResource<ScanRow>({
    key: 'qr-scans',
    path: scansPath(eventId),
    // The two QR reports are the exports of these rows (the "Download report" menu).
    exportable: false,
    searchPlaceholderKey: 'qrCodes:scans.search',
    rowLabel: (s) => `${s.participantName}, ${s.codeName}`,
    filters: [
      {
        kind: 'select',
        id: 'codeId',
        labelKey: 'qrCodes:scans.filters.code',
        options: optionsFrom<CodeRow>(codesPath(eventId), (c) => ({ value: c.id, label: c.name })),
      },
      {
        kind: 'select',
        id: 'codeType',
        labelKey: 'qrCodes:scans.filters.codeType',
        options: [
          { value: 'CUSTOM_QR_CODE', labelKey: 'qrCodes:scans.codeTypes.CUSTOM_QR_CODE' },
          { value: 'SESSION_QR_CODE', labelKey: 'qrCodes:scans.codeTypes.SESSION_QR_CODE' },
        ],
      },
    ],
    columns: [
      {
        id: 'participantName',
        header: 'qrCodes:scans.columns.participant',
        sortField: 'participantName',
        width: 120,
        cell: (s) => (
          <Text size="sm" fw={500} truncate title={s.participantName}>
            {s.participantName}
          </Text>
        ),
      },
      {
        id: 'email',
        header: 'qrCodes:scans.columns.email',
        sortField: 'email',
        width: 210,
        cell: (s) => (
          <Text size="sm" truncate title={s.email}>
            {s.email}
          </Text>
        ),
      },
      {
        id: 'codeName',
        header: 'qrCodes:scans.columns.code',
        sortField: 'codeName',
        width: 170,
        cell: (s) => (
          <Text size="sm" truncate title={s.codeName}>
            {s.codeName}
          </Text>
        ),
      },
      {
        id: 'codeType',
        header: 'qrCodes:scans.columns.codeType',
        width: 150,
        cell: (s) => t(`scans.codeTypes.${s.codeType}`),
      },
      {
        id: 'scanCount',
        header: 'qrCodes:scans.columns.count',
        sortField: 'scanCount',
        width: 70,
        align: 'right',
        cell: (s) => formatCount(s.scanCount, i18next.language),
      },
      {
        id: 'via',
        header: 'qrCodes:scans.columns.via',
        width: 140,
        cell: (s) => t(`scans.via.${s.via}`),
      },
      {
        id: 'firstScannedAt',
        header: 'qrCodes:scans.columns.firstScannedAt',
        sortField: 'firstScannedAt',
        width: 180,
        defaultVisible: false,
        cell: (s) => <DateTime value={s.firstScannedAt} />,
      },
      {
        id: 'lastScannedAt',
        header: 'qrCodes:scans.columns.lastScannedAt',
        sortField: 'lastScannedAt',
        width: 210,
        cell: (s) => <DateTime value={s.lastScannedAt} />,
      },
    ],
  });
}

/** `/more/custom-qr-codes/scans?codeId=`: who scanned the event's QR codes (one code's, from its row). */
export function QrScansPage() {
  return <EventRequired>{(eventId) => <ScansOfEvent key={eventId} eventId={eventId} />}</EventRequired>;
}

function ScansOfEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('qrCodes');
  const resource = useMemo(() => scansResource(eventId), [eventId]);
  return (
    <ResourceListPage
      resource={resource}
      title={t('scans.title')}
      actions={
        <>
          <Button
            variant="default"
            component={Link}
            to={CODES_ROUTE}
            leftSection={<ArrowLeftIcon size={16} />}
          >
            {t('scans.back')}
          </Button>
          <ReportsMenu eventId={eventId} />
        </>
      }
      empty={{ title: t('scans.empty'), description: t('scans.emptyText') }}
    />
  );
}
