import { ActionIcon, Badge, Button, Checkbox, MultiSelect } from '@mantine/core';
import { MESSAGES, type addSessionAttendeesResultSchema } from '@plenary/domain';
import type { z } from 'zod';
import i18next from 'i18next';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch, newIdempotencyKey } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { DateTime, defineResource, ResourceListPage, type ResourceDef } from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import { useFocusReturnOnClose } from '../../shared/ui/useFocusReturnOnClose';
import {
  fullName,
  sessionAttendeesPath,
  useRefreshSessions,
  type SessionAttendee,
  type SessionRow,
} from './api';
import { participantLabel } from '../../shared/people/participantSearch';
import { useEnrollableSearch } from './useParticipantSearch';

function stateText(a: SessionAttendee): string {
  const t = i18next.getFixedT(null, 'agenda');
  if (a.state === 'WAITLISTED')
    return a.waitlistPosition
      ? t('attendees.waitlistPosition', { position: a.waitlistPosition })
      : t('attendees.states.WAITLISTED');
  if (a.state === 'ENROLLED') return t('attendees.states.ENROLLED');
  return '';
}

function attendeesResource(eventId: string, sessionId: string, zone: string): ResourceDef<SessionAttendee> {
  const t = i18next.getFixedT(null, 'agenda');
  return defineResource<SessionAttendee>({
    key: 'session-attendees',
    path: sessionAttendeesPath(eventId, sessionId),
    searchPlaceholderKey: 'agenda:attendees.search',
    exportable: false,
    getRowId: (a) => a.participantId,
    rowLabel: (a) => fullName(a) || a.email,
    columns: [
      {
        id: 'name',
        header: 'agenda:attendees.columns.name',
        sortField: 'lastName',
        width: 170,
        cell: (a) => fullName(a),
      },
      {
        id: 'email',
        header: 'agenda:attendees.columns.email',
        sortField: 'email',
        width: 190,
        cell: (a) => a.email,
      },
      {
        id: 'company',
        header: 'agenda:attendees.columns.company',
        sortField: 'company',
        width: 120,
        cell: (a) => a.company,
      },
      {
        id: 'state',
        header: 'agenda:attendees.columns.state',
        width: 130,
        cell: (a) =>
          a.state ? (
            <Badge
              variant="light"
              color={a.state === 'ENROLLED' ? 'teal' : 'violet'}
              style={{ textTransform: 'none' }}
            >
              {stateText(a)}
            </Badge>
          ) : null,
      },
      {
        id: 'enrolledAt',
        header: 'agenda:attendees.columns.enrolledAt',
        sortField: 'enrolledAt',
        width: 160,
        cell: (a) => <DateTime value={a.enrolledAt} timeZone={zone} />,
      },
      {
        id: 'checkedInAt',
        header: 'agenda:attendees.columns.checkedInAt',
        sortField: 'checkedInAt',
        width: 160,
        cell: (a) => (a.checkedInAt ? <DateTime value={a.checkedInAt} timeZone={zone} /> : t('common.none')),
      },
    ],
    filters: [
      {
        kind: 'multiselect',
        id: 'state',
        labelKey: 'agenda:attendees.filters.state',
        options: (['ENROLLED', 'WAITLISTED', 'CHECKED_IN'] as const).map((v) => ({
          value: v,
          labelKey: `agenda:attendees.states.${v}`,
        })),
      },
    ],
  });
}

function CheckInIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}

type AddResult = z.input<typeof addSessionAttendeesResultSchema>;

function AddAttendeesDialog({
  eventId,
  session,
  onClose,
}: {
  eventId: string;
  session: Pick<SessionRow, 'id' | 'name'>;
  onClose: () => void;
}) {
  const { t } = useTranslation('agenda');
  const refresh = useRefreshSessions(eventId);
  const [search, setSearch] = useState('');
  const found = useEnrollableSearch(eventId, session.id, search);
  const [chosen, setChosen] = useState<{ value: string; label: string }[]>([]);
  const [override, setOverride] = useState(false);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const data = useMemo(() => {
    const all = new Map(chosen.map((c) => [c.value, c.label]));
    for (const p of found.data?.records ?? []) all.set(p.participantId, participantLabel(p));
    return [...all].map(([value, label]) => ({ value, label }));
  }, [chosen, found.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setError(MESSAGES.pleaseSelectValue);
    setSaving(true);
    try {
      const result = await apiFetch<AddResult>(sessionAttendeesPath(eventId, session.id), {
        method: 'POST',
        body: { participantIds: chosen.map((c) => c.value), overrideCapacity: override },
        idempotencyKey: key,
      });
      toast.success(
        [
          t('attendees.enrolled', { count: result.enrolled }),
          result.waitlisted > 0 ? t('attendees.waitlisted', { count: result.waitlisted }) : '',
          result.skipped > 0 ? t('attendees.skipped', { count: result.skipped }) : '',
        ]
          .filter(Boolean)
          .join(' · '),
      );
      void refresh();
      onClose();
    } catch (err) {
      setError(
        isApiError(err) && err.message
          ? (Object.values(err.fields ?? {})[0] ?? err.message)
          : t('common.saveFailed'),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('attendees.addTitle', { name: session.name })}
      submitLabel={t('attendees.add')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      size="lg"
    >
      <MultiSelect
        label={t('attendees.participants')}
        description={t('attendees.participantsHint')}
        required
        data={data}
        value={chosen.map((c) => c.value)}
        onChange={(ids) => {
          setChosen(ids.map((id) => ({ value: id, label: data.find((o) => o.value === id)?.label ?? id })));
          setError(undefined);
        }}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        error={error}
        nothingFoundMessage={found.isFetching ? t('common:states.loading') : t('form.searchNothing')}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={200}
        data-autofocus
      />
      <Checkbox
        label={t('attendees.overrideCapacity')}
        checked={override}
        onChange={(e) => setOverride(e.currentTarget.checked)}
      />
    </FormDialog>
  );
}

/** A session's attendees (`GET sessions/v2/{id}/attendees`): enrolled, waitlisted with their place, checked in; add, remove, check in. */
export function SessionAttendees({
  eventId,
  session,
  zone,
}: {
  eventId: string;
  session: Pick<SessionRow, 'id' | 'name'>;
  zone: string;
}) {
  const { t } = useTranslation('agenda');
  const resource = useMemo(() => attendeesResource(eventId, session.id, zone), [eventId, session.id, zone]);
  const refresh = useRefreshSessions(eventId);
  const removing = useDeleteDialog<SessionAttendee>();
  const [adding, setAdding] = useState(false);
  const focusReturn = useFocusReturnOnClose();
  const [checking, setChecking] = useState<string | null>(null);

  const checkIn = async (a: SessionAttendee) => {
    setChecking(a.participantId);
    try {
      await apiFetch(`${resource.path}/${encodeURIComponent(a.participantId)}/check-in`, {
        method: 'POST',
        idempotencyKey: newIdempotencyKey(),
      });
      toast.success(t('attendees.checkedIn', { name: fullName(a) || a.email }));
      void refresh();
    } catch (error) {
      toast.error(isApiError(error) && error.message ? error.message : t('common.saveFailed'));
    } finally {
      setChecking(null);
    }
  };

  const add = (
    <Button
      onClick={() => {
        focusReturn.remember();
        setAdding(true);
      }}
    >
      {t('attendees.add')}
    </Button>
  );
  return (
    <>
      <ResourceListPage
        section
        resource={resource}
        title={t('attendees.title')}
        actions={add}
        rowActions={(a) => {
          const name = fullName(a) || a.email;
          return (
            <RowActions>
              {!a.checkedInAt && (
                <ActionIcon
                  variant="subtle"
                  color="green.9"
                  aria-label={t('attendees.checkIn', { name })}
                  title={t('attendees.checkIn', { name })}
                  onClick={() => void checkIn(a)}
                  loading={checking === a.participantId}
                >
                  <CheckInIcon />
                </ActionIcon>
              )}
              <DeleteButton label={t('attendees.remove', { name })} onClick={() => removing.open(a)} />
            </RowActions>
          );
        }}
        empty={{ title: t('attendees.empty'), description: t('attendees.emptyText'), action: add }}
      />
      {adding && (
        <AddAttendeesDialog
          eventId={eventId}
          session={session}
          onClose={() => {
            setAdding(false);
            focusReturn.restore();
          }}
        />
      )}
      {removing.record && (
        <ConfirmDelete
          path={resource.path}
          id={removing.record.participantId}
          title={t('attendees.removeTitle')}
          message={t('attendees.removeText', {
            name: fullName(removing.record) || removing.record.email,
            session: session.name,
          })}
          confirmLabel={t('attendees.removeConfirm')}
          successMessage={t('attendees.removed', {
            name: fullName(removing.record) || removing.record.email,
          })}
          onClose={() => {
            removing.close();
            void refresh();
          }}
        />
      )}
    </>
  );
}
