import { EmptyState, SimpleGrid, TextInput } from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventSummary } from '../../shared/api/types';
import { CalendarIcon, SearchIcon } from '../../shared/ui/icons';
import { EventCard, EventCardSkeleton } from './EventCard';

interface EventGridProps {
  events: EventSummary[] | undefined;
  loading: boolean;
  linkTo: (event: EventSummary) => string;
  onOpen?: (event: EventSummary) => void;
  emptyTitle: string;
  emptyText: string;
  /** Narrow frames (the participant app) want fewer columns. */
  wide?: boolean;
}

/** Searchable grid of event cards with loading skeletons and empty / no-match states. */
export function EventGrid({
  events,
  loading,
  linkTo,
  onOpen,
  emptyTitle,
  emptyText,
  wide = true,
}: EventGridProps) {
  const cols = wide ? { base: 1, sm: 2, lg: 3 } : { base: 1, sm: 2 };
  const { t } = useTranslation('shell');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim().toLowerCase());
  const shown = useMemo(
    () =>
      (events ?? []).filter(
        (e) =>
          deferred === '' ||
          e.name.toLowerCase().includes(deferred) ||
          (e.address ?? '').toLowerCase().includes(deferred),
      ),
    [events, deferred],
  );
  const hasEvents = (events?.length ?? 0) > 0;

  return (
    <>
      {(hasEvents || search !== '') && (
        <TextInput
          type="search"
          label={t('events.searchLabel')}
          placeholder={t('events.searchPlaceholder')}
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={420}
        />
      )}
      {loading ? (
        <SimpleGrid cols={cols} spacing="lg" role="status" aria-label={t('common:states.loading')}>
          {[0, 1, 2].map((i) => (
            <EventCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      ) : !hasEvents ? (
        <EmptyState
          icon={<CalendarIcon size={28} />}
          variant="light"
          title={emptyTitle}
          description={emptyText}
          py="xl"
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<SearchIcon size={28} />}
          withIndicatorBackground
          title={t('events.noMatchTitle')}
          description={t('common:messages.noRecords')}
          py="xl"
        />
      ) : (
        <SimpleGrid
          cols={cols}
          spacing="lg"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {shown.map((event) => (
            <li key={event.id}>
              <EventCard event={event} to={linkTo(event)} onOpen={onOpen ? () => onOpen(event) : undefined} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
