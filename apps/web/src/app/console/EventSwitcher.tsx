import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { overviewPath } from '../../features/events/paths';
import { useSwitcherEvents } from '../../features/events/useEvents';
import { useUserState } from '../../shared/session/hooks';
import { selectEvent } from '../../shared/session/userStore';
import { CalendarIcon } from '../../shared/ui/icons';

/** Header control: which event the event-scoped console screens work on. */
export function EventSwitcher() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const events = useSwitcherEvents();
  const selected = useUserState().userData?.selectedEventId ?? null;
  const data = (events.data?.records ?? []).map((e) => ({ value: e.id, label: e.name }));

  return (
    <Select
      aria-label={t('eventSwitcher.label')}
      placeholder={events.isPending ? t('common:states.loading') : t('eventSwitcher.placeholder')}
      data={data}
      value={data.some((d) => d.value === selected) ? selected : null}
      onChange={(id) => {
        if (!id) return;
        selectEvent(id);
        navigate(overviewPath(id));
      }}
      searchable
      nothingFoundMessage={t('common:messages.noOptions')}
      leftSection={<CalendarIcon size={16} />}
      w={{ base: 180, sm: 280 }}
      maxDropdownHeight={200}
      comboboxProps={{ width: 320, position: 'bottom-start' }}
      allowDeselect={false}
    />
  );
}
