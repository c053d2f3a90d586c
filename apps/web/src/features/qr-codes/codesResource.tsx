import { Anchor, Text } from '@mantine/core';
import i18next from 'i18next';
import { Link } from 'react-router';
import { DateTime, defineResource, formatCount, type ResourceDef } from '../../shared/list';
import { codesPath, scansOfCodeRoute, type CodeRow } from './api';

const count = (n: number) => formatCount(n, i18next.language);

/** The Custom QR codes list of one event: name, description, points, who scanned and how often, author. */
export function codesResource(eventId: string): ResourceDef<CodeRow> {
  const t = i18next.getFixedT(null, 'qrCodes');
  return defineResource<CodeRow>({
    key: 'custom-qr-codes',
    path: codesPath(eventId),
    exportPath: `${codesPath(eventId)}/export`,
    searchPlaceholderKey: 'qrCodes:codes.search',
    rowLabel: (c) => c.name,
    columns: [
      {
        id: 'name',
        header: 'qrCodes:codes.columns.name',
        sortField: 'name',
        exportField: 'name',
        width: 210,
        cell: (c) => (
          <Text size="sm" fw={500} truncate title={c.name}>
            {c.name}
          </Text>
        ),
      },
      {
        id: 'description',
        header: 'qrCodes:codes.columns.description',
        exportField: 'description',
        width: 230,
        cell: (c) => (
          <Text size="sm" truncate title={c.description}>
            {c.description}
          </Text>
        ),
      },
      {
        id: 'points',
        header: 'qrCodes:codes.columns.points',
        sortField: 'points',
        exportField: 'points',
        width: 80,
        align: 'right',
        cell: (c) => count(c.points),
      },
      {
        id: 'scanners',
        header: 'qrCodes:codes.columns.scanners',
        sortField: 'scanners',
        exportField: 'scanners',
        width: 120,
        align: 'right',
        cell: (c) => count(c.scanners),
      },
      {
        id: 'scans',
        header: 'qrCodes:codes.columns.scans',
        sortField: 'scans',
        exportField: 'scans',
        width: 80,
        align: 'right',
        // The count leads to who scanned the code (nowhere while nobody has).
        cell: (c) =>
          c.scans === 0 ? (
            count(0)
          ) : (
            <Anchor
              component={Link}
              to={scansOfCodeRoute(c.id)}
              size="sm"
              aria-label={t('codes.scansCount', { count: c.scans, name: c.name })}
            >
              {count(c.scans)}
            </Anchor>
          ),
      },
      {
        id: 'createdBy',
        header: 'qrCodes:codes.columns.createdBy',
        sortField: 'createdBy',
        exportField: 'createdBy',
        width: 160,
        cell: (c) => c.createdBy,
      },
      {
        id: 'createdAt',
        header: 'qrCodes:codes.columns.createdAt',
        sortField: 'createdAt',
        exportField: 'createdAt',
        width: 180,
        defaultVisible: false,
        cell: (c) => <DateTime value={c.createdAt} />,
      },
      {
        id: 'updatedAt',
        header: 'qrCodes:codes.columns.updatedAt',
        sortField: 'updatedAt',
        exportField: 'updatedAt',
        width: 180,
        defaultVisible: false,
        cell: (c) => <DateTime value={c.updatedAt} />,
      },
    ],
  });
}
