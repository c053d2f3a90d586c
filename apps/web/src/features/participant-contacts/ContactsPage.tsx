import {
  Anchor,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CONTACT_NOTE_MAX_LENGTH, CONTACT_SEARCH_MAX_LENGTH } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { participantPaths } from '../../shared/navigation/participantPaths';
import { formatDay, viewerClock } from '../../shared/time/format';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { downloadContacts, useContactNote, useContacts, type ContactView } from './api';
import { ContactsShell } from './ContactsShell';
import { IncomingRequests } from './IncomingRequests';
import { displayName, headline } from './people';

function ContactCard({ eventId, contact }: { eventId: string; contact: ContactView }) {
  const { t } = useTranslation('contacts');
  const save = useContactNote(eventId);
  const [note, setNote] = useState(contact.note);
  const name = displayName(contact, contact.email || '—');
  const sub = headline(contact);
  const dirty = note.trim() !== contact.note;
  return (
    <Card withBorder padding="md" component="li" aria-label={name}>
      <Stack gap={6}>
        <Title order={3} size="h5">
          {name}
        </Title>
        {sub && (
          <Text size="sm" c="dimmed">
            {sub}
          </Text>
        )}
        {contact.email && (
          <Text size="sm">
            {t('contacts.email')}: <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
          </Text>
        )}
        {contact.phone && (
          <Text size="sm">
            {t('contacts.phone')}:{' '}
            <Anchor href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</Anchor>
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('contacts.exchangedAt', { date: formatDay(contact.createdAt, viewerClock()) })}
        </Text>
        <Textarea
          label={t('contacts.note', { name })}
          placeholder={t('contacts.notePlaceholder')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={CONTACT_NOTE_MAX_LENGTH}
          autosize
          minRows={2}
          error={save.error?.fields?.note}
        />
        <Group>
          <Button
            size="xs"
            variant="default"
            disabled={!dirty}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { participantId: contact.participantId, note },
                {
                  onSuccess: (r) => {
                    setNote(r.note);
                    toast.success(t('contacts.saved'));
                  },
                  onError: (e) => toast.error(e.message),
                },
              )
            }
          >
            {t('contacts.saveNote')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** `/event/:eventId/contacts`: card requests to answer, then the contacts with search, notes and export. */
export function ContactsPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('contacts');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const contacts = useContacts(eventId, debounced);
  const data = contacts.data;
  return (
    <ContactsShell eventId={eventId} title={t('contacts.title')}>
      <Group gap="sm">
        <Button component={Link} to={participantPaths.cardScan(eventId)}>
          {t('badge.scanSomeone')}
        </Button>
        <Button component={Link} to={participantPaths.badge(eventId)} variant="default">
          {t('nav.badge')}
        </Button>
      </Group>
      <IncomingRequests eventId={eventId} showEmpty={false} showOutgoing />
      <section aria-labelledby="contacts-list-title">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <Title order={2} size="h4" id="contacts-list-title">
              {data ? t('contacts.count', { count: data.total }) : t('contacts.title')}
            </Title>
            {data && data.total > 0 && (
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => void downloadContacts(eventId, 'vcf')}>
                  {t('contacts.exportVcf')}
                </Button>
                <Button size="xs" variant="default" onClick={() => void downloadContacts(eventId, 'csv')}>
                  {t('contacts.exportCsv')}
                </Button>
              </Group>
            )}
          </Group>
          {(search !== '' || (data?.total ?? 0) > 0) && (
            <TextInput
              type="search"
              label={t('contacts.search')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              maxLength={CONTACT_SEARCH_MAX_LENGTH}
            />
          )}
          {contacts.isError ? (
            <LoadError onRetry={() => void contacts.refetch()} message={contacts.error.message} />
          ) : !data ? (
            <Stack gap="sm" role="status" aria-label={t('contacts.title')}>
              <Skeleton h={120} />
              <Skeleton h={120} />
            </Stack>
          ) : data.total === 0 ? (
            <EmptyState title={t('contacts.empty')} description={t('contacts.emptyText')} py="lg" />
          ) : data.records.length === 0 ? (
            <Text c="dimmed">{t('contacts.noMatch')}</Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {data.records.map((c) => (
                <ContactCard key={`${c.participantId}:${c.note}`} eventId={eventId} contact={c} />
              ))}
            </Stack>
          )}
        </Stack>
      </section>
    </ContactsShell>
  );
}
