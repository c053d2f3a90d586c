import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { participantLabel, useParticipantSearch } from './participantSearch';

/** One participant of the event, found by name or e-mail as the organiser types (the server searches). */
export function ParticipantSelect({
  eventId,
  label,
  value,
  onChange,
  error,
  description,
  field,
}: {
  eventId: string;
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string | undefined;
  description?: string;
  /** `data-field` for focusing the field that a refusal names. */
  field?: string;
}) {
  const { t } = useTranslation('common');
  const [search, setSearch] = useState('');
  const found = useParticipantSearch(eventId, search);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const data = (found.data?.records ?? []).map((p) => ({ value: p.id, label: participantLabel(p) }));
  if (chosen && !data.some((d) => d.value === chosen.value)) data.unshift(chosen);
  return (
    <Select
      label={label}
      description={description}
      data={data}
      value={value}
      onChange={(v, option) => {
        setChosen(option ?? null);
        onChange(v);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      required
      error={error}
      nothingFoundMessage={found.isFetching ? t('states.loading') : t('states.noMatches')}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={220}
      data-field={field}
    />
  );
}
