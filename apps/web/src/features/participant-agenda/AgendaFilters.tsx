import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { SESSION_TYPES, type SessionType } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../shared/ui/icons';
import type { AgendaFilters as FilterOptions } from './api';
import type { AgendaCriteria } from './agendaFilter';

type Change = Partial<Pick<AgendaCriteria, 'search' | 'collectionIds' | 'locationIds' | 'types'>>;

/** Search and the three filters of the participant agenda (options from `GET sessions/v2/view-filters`); native selects, which phones show as their own pickers. */
export function AgendaFilters({
  criteria,
  options,
  onChange,
  onClear,
}: {
  criteria: AgendaCriteria;
  options?: FilterOptions;
  onChange: (c: Change) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('participantAgenda');
  const types = options?.types ?? SESSION_TYPES;
  const filtered =
    criteria.collectionIds.length + criteria.locationIds.length + criteria.types.length > 0 ||
    criteria.search !== '';
  return (
    <Group component="search" align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        type="search"
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<SearchIcon size={16} />}
        value={criteria.search}
        onChange={(e) => onChange({ search: e.currentTarget.value })}
        style={{ flex: '1 1 220px' }}
      />
      <SimpleGrid cols={{ base: 3 }} spacing="xs" style={{ flex: '2 1 330px' }}>
        <NativeSelect
          label={t('filters.collection')}
          data={[
            { value: '', label: t('filters.any') },
            ...(options?.collections ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
          value={criteria.collectionIds[0] ?? ''}
          onChange={(e) => onChange({ collectionIds: e.currentTarget.value ? [e.currentTarget.value] : [] })}
        />
        <NativeSelect
          label={t('filters.location')}
          data={[
            { value: '', label: t('filters.any') },
            ...(options?.locations ?? []).map((l) => ({ value: l.id, label: l.name })),
          ]}
          value={criteria.locationIds[0] ?? ''}
          onChange={(e) => onChange({ locationIds: e.currentTarget.value ? [e.currentTarget.value] : [] })}
        />
        <NativeSelect
          label={t('filters.type')}
          data={[
            { value: '', label: t('filters.any') },
            ...types.map((type) => ({ value: type, label: t(`types.${type}`) })),
          ]}
          value={criteria.types[0] ?? ''}
          onChange={(e) =>
            onChange({ types: e.currentTarget.value ? [e.currentTarget.value as SessionType] : [] })
          }
        />
      </SimpleGrid>
      {filtered && (
        <Button variant="subtle" onClick={onClear}>
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
