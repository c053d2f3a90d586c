import { Anchor, Drawer, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../shared/ui/LoadError';
import { attendeesOfLabel, useLabelMembers, type LabelRow } from './api';

const PAGE_SIZE = 20;

/**
 * A side panel with a label's members, page by page, and the way to the filtered attendee list.
 * Stays mounted so the drawer gives the focus back to the button that opened it.
 */
export function LabelMembers({
  eventId,
  label,
  onClose,
}: {
  eventId: string;
  label: LabelRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('labels');
  return (
    <Drawer
      opened={label !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Text fw={600} size="lg" component="span">
          {label ? t('members.title', { name: label.name }) : ''}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('members.close') }}
    >
      {label && <MembersOf key={label.id} eventId={eventId} label={label} />}
    </Drawer>
  );
}

function MembersOf({ eventId, label }: { eventId: string; label: LabelRow }) {
  const { t } = useTranslation('labels');
  const [page, setPage] = useState(1);
  const members = useLabelMembers(eventId, label.id, page, PAGE_SIZE);
  const total = members.data?.total ?? label.memberCount;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text role="status">{t('members.count', { count: total })}</Text>
        <Anchor component={Link} to={attendeesOfLabel(label.id)}>
          {t('members.inList')}
        </Anchor>
      </Group>
      {members.isError && !members.data ? (
        <LoadError message={members.error.message} onRetry={() => void members.refetch()} />
      ) : !members.data ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('common:states.loading')}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h={28} />
          ))}
        </Stack>
      ) : members.data.records.length === 0 ? (
        <Text c="dimmed">
          {label.type === 'MANUAL' ? `${t('members.none')} ${t('members.noneManual')}` : t('members.none')}
        </Text>
      ) : (
        <>
          <Table
            striped
            highlightOnHover
            aria-label={t('members.title', { name: label.name })}
            aria-busy={members.isFetching}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('members.name')}</Table.Th>
                <Table.Th scope="col">{t('members.email')}</Table.Th>
                <Table.Th scope="col">{t('members.company')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.records.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{`${m.firstName} ${m.lastName}`.trim()}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{m.email}</Table.Td>
                  <Table.Td>{m.company}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('members.range', { from, to: Math.min(total, page * PAGE_SIZE), total })}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                aria-label={t('members.pages')}
                getControlProps={(control) => ({ 'aria-label': t(`members.${control}`) })}
                getItemProps={(p) => ({ 'aria-label': t('members.page', { page: p }) })}
              />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
