import { Checkbox, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/ui/FormDialog';
import { SearchIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { usePartners, type PersonView } from './api';

const fullName = (p: PersonView) => `${p.firstName} ${p.lastName}`.trim();

function usePeople(eventId: string) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const people = usePartners(eventId, debounced.trim(), true);
  return { search, setSearch, people };
}

/** "New message": search whom one may message, pick one. */
export function PickPersonDialog({
  eventId,
  onPick,
  onClose,
}: {
  eventId: string;
  onPick: (p: PersonView) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation('common');
  const { search, setSearch, people } = usePeople(eventId);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('pick.title')}
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('pick.search')}
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
        />
        {people.isPending ? (
          <Loader size="sm" aria-label={t('pick.loading')} />
        ) : people.isError ? (
          <LoadError onRetry={() => void people.refetch()} />
        ) : people.data.records.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('pick.none')}
          </Text>
        ) : (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
            {people.data.records.map((p) => (
              <li key={p.participantId}>
                <UnstyledButton
                  onClick={() => onPick(p)}
                  aria-label={t('pick.start', { name: fullName(p) })}
                  p="xs"
                  w="100%"
                  style={{ borderRadius: 8 }}
                >
                  <Text fw={600}>{fullName(p)}</Text>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

/** "New group" and "Add members": a name (new groups) and people to add. */
export function GroupDialog({
  eventId,
  title,
  submitLabel,
  withName,
  cap,
  exclude,
  saving,
  error,
  onSubmit,
  onClose,
}: {
  eventId: string;
  title: string;
  submitLabel: string;
  withName: boolean;
  cap: number;
  exclude: string[];
  saving: boolean;
  error: Record<string, string> | undefined;
  onSubmit: (name: string, ids: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const { search, setSearch, people } = usePeople(eventId);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit(name, picked);
  };
  const options = (people.data?.records ?? []).filter((p) => !exclude.includes(p.participantId));
  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      size="md"
    >
      {withName && (
        <TextInput
          label={t('group.name')}
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error?.name}
          data-autofocus
        />
      )}
      <TextInput
        label={t('pick.search')}
        leftSection={<SearchIcon size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <Checkbox.Group
        label={t('group.members')}
        description={`${t('group.membersHint', { cap })} ${t('group.selected', { count: picked.length })}`}
        value={picked}
        onChange={setPicked}
        error={error?.participantIds}
      >
        <Stack gap={6} mt="xs" mah={260} style={{ overflowY: 'auto' }}>
          {people.isPending ? (
            <Loader size="sm" aria-label={t('pick.loading')} />
          ) : options.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('pick.none')}
            </Text>
          ) : (
            options.map((p) => <Checkbox key={p.participantId} value={p.participantId} label={fullName(p)} />)
          )}
        </Stack>
      </Checkbox.Group>
    </FormDialog>
  );
}
