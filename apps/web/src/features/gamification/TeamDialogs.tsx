import { Alert, MultiSelect, Select, Skeleton, TextInput } from '@mantine/core';
import { CONTENT_NAME_MAX_LENGTH, MESSAGES } from '@plenary/domain';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { useApiQuery } from '../../shared/api/query';
import { focusField } from '../../shared/forms/focusField';
import { participantLabel, useParticipantSearch } from '../../shared/people/participantSearch';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import {
  teamMembersPath,
  teamPath,
  teamsPath,
  type GameRow,
  type NamedRef,
  type TeamMemberRow,
  type TeamRow,
} from './api';

type Fields = Record<string, string>;

/** The API's field errors, keyed by the field before any `.<index>`. */
function fieldErrors(error: unknown): Fields {
  const fields = isApiError(error) && error.fields ? error.fields : {};
  return Object.fromEntries(Object.entries(fields).map(([k, m]) => [k.split('.')[0]!, m]));
}

/** Shows the API's refusal: on the fields it names (focusing the first), else as a toast. */
function refusal(
  error: unknown,
  fields: readonly string[],
  form: HTMLFormElement | null,
  show: (found: Fields) => void,
  fallback: string,
) {
  const own = fieldErrors(error);
  const first = fields.find((f) => own[f]);
  if (first) {
    show(own);
    focusField(form, first);
  } else toast.error(isApiError(error) && error.message ? error.message : fallback);
}

/** Add a team (name; LABELS games: its label) or rename one. */
export function TeamDialog({
  eventId,
  game,
  team,
  labels,
  usedLabelIds,
  onClose,
  onSaved,
}: {
  eventId: string;
  game: GameRow;
  team: TeamRow | null;
  labels: NamedRef[];
  usedLabelIds: ReadonlySet<string>;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation('gamification');
  const withLabel = game.teamSource === 'LABELS' && !team;
  const [name, setName] = useState(team?.name ?? '');
  const [labelId, setLabelId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Fields>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { name: name.trim(), ...(withLabel ? { labelId } : {}) };
    const found: Fields = {};
    if (!body.name) found.name = MESSAGES.required;
    if (withLabel && !labelId) found.labelId = MESSAGES.required;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusField(formRef.current, found.name ? 'name' : 'labelId');
      return;
    }
    setSaving(true);
    try {
      await apiFetch(team ? teamPath(eventId, game.id, team.id) : teamsPath(eventId, game.id), {
        method: team ? 'PATCH' : 'POST',
        body,
      });
      await onSaved();
      toast.success(t(team ? 'teams.saved' : 'teams.created', { name: body.name }));
      onClose();
    } catch (error) {
      refusal(error, ['name', 'labelId'], formRef.current, setErrors, t('form.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t(team ? 'teams.editTitle' : 'teams.addTitle')}
      submitLabel={t(team ? 'form.save' : 'teams.add')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      formRef={formRef}
      size="md"
    >
      <TextInput
        label={t('teams.name')}
        required
        maxLength={CONTENT_NAME_MAX_LENGTH}
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setErrors(({ name: _, ...rest }) => rest);
        }}
        error={errors.name}
        data-field="name"
      />
      {withLabel && (
        <Select
          label={t('teams.label')}
          description={labels.length ? t('teams.labelHint') : t('teams.noLabels')}
          required
          data={labels.map((l) => ({ value: l.id, label: l.name, disabled: usedLabelIds.has(l.id) }))}
          value={labelId}
          onChange={(v) => {
            setLabelId(v);
            setErrors(({ labelId: _, ...rest }) => rest);
            if (v && !name.trim()) setName(labels.find((l) => l.id === v)?.name ?? '');
          }}
          searchable
          nothingFoundMessage={MESSAGES.noOptions}
          comboboxProps={{ withinPortal: true }}
          error={errors.labelId}
          data-field="labelId"
        />
      )}
    </FormDialog>
  );
}

/** LABELS games: one team per chosen label (labels with a team already are skipped by the API). */
export function FromLabelsDialog({
  eventId,
  gameId,
  labels,
  usedLabelIds,
  onClose,
  onSaved,
}: {
  eventId: string;
  gameId: string;
  labels: NamedRef[];
  usedLabelIds: ReadonlySet<string>;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation('gamification');
  const [labelIds, setLabelIds] = useState<string[]>(() =>
    labels.filter((l) => !usedLabelIds.has(l.id)).map((l) => l.id),
  );
  const [errors, setErrors] = useState<Fields>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (labelIds.length === 0) {
      setErrors({ labelIds: MESSAGES.required });
      focusField(formRef.current, 'labelIds');
      return;
    }
    setSaving(true);
    try {
      const created = labelIds.filter((id) => !usedLabelIds.has(id)).length;
      await apiFetch(`${teamsPath(eventId, gameId)}/from-labels`, { method: 'POST', body: { labelIds } });
      await onSaved();
      toast.success(created > 0 ? t('teams.fromLabelsDone', { count: created }) : t('teams.fromLabelsNone'));
      onClose();
    } catch (error) {
      refusal(error, ['labelIds'], formRef.current, setErrors, t('form.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('teams.fromLabelsTitle')}
      submitLabel={t('teams.fromLabelsCreate')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      formRef={formRef}
      size="md"
    >
      <MultiSelect
        label={t('teams.labels')}
        description={labels.length ? t('teams.fromLabelsHint') : t('teams.noLabels')}
        required
        data={labels.map((l) => ({ value: l.id, label: l.name, disabled: usedLabelIds.has(l.id) }))}
        value={labelIds}
        onChange={(v) => {
          setLabelIds(v);
          setErrors({});
        }}
        searchable
        nothingFoundMessage={MESSAGES.noOptions}
        comboboxProps={{ withinPortal: true }}
        error={errors.labelIds}
        data-field="labelIds"
      />
    </FormDialog>
  );
}

interface Option {
  value: string;
  label: string;
}

/** MANUAL games: the team's members, picked from the event's participants (searched on the server). */
export function MembersDialog({
  eventId,
  gameId,
  team,
  onClose,
  onSaved,
}: {
  eventId: string;
  gameId: string;
  team: TeamRow;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation('gamification');
  const path = teamMembersPath(eventId, gameId, team.id);
  const current = useApiQuery<{ records: TeamMemberRow[] }>(path, undefined, { meta: { silent: true } });
  const [picked, setPicked] = useState<Option[] | null>(null);
  const [search, setSearch] = useState('');
  const found = useParticipantSearch(eventId, search);
  const [errors, setErrors] = useState<Fields>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const chosen: Option[] =
    picked ??
    (current.data?.records ?? []).map((m) => ({
      value: m.id,
      label: m.name && m.name !== m.email ? `${m.name} (${m.email})` : m.email,
    }));
  const data = useMemo(() => {
    const all = new Map(chosen.map((o) => [o.value, o]));
    for (const p of found.data?.records ?? [])
      if (!all.has(p.id)) all.set(p.id, { value: p.id, label: participantLabel(p) });
    return [...all.values()];
  }, [chosen, found.data]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!current.data) return; // not loaded: saving would empty the team
    setSaving(true);
    try {
      await apiFetch(path, { method: 'PUT', body: { participantIds: chosen.map((o) => o.value) } });
      await onSaved();
      toast.success(t('teams.membersSaved', { name: team.name }));
      onClose();
    } catch (error) {
      refusal(error, ['participantIds'], formRef.current, setErrors, t('form.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('teams.membersTitle', { name: team.name })}
      submitLabel={t('form.save')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      formRef={formRef}
      size="lg"
    >
      {current.isPending ? (
        <Skeleton h={64} role="status" aria-label={t('common:states.loading')} />
      ) : current.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('teams.membersFailed')}
        </Alert>
      ) : (
        <MultiSelect
          label={t('teams.membersPick')}
          description={t('teams.membersHint')}
          data={data}
          value={chosen.map((o) => o.value)}
          onChange={(ids) => {
            setPicked(ids.map((id) => data.find((o) => o.value === id) ?? { value: id, label: id }));
            setErrors({});
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={found.isFetching ? t('common:states.loading') : t('common:states.noMatches')}
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={240}
          hidePickedOptions
          error={errors.participantIds}
          data-field="participantIds"
        />
      )}
    </FormDialog>
  );
}
