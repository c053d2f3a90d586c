import {
  Alert,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  CONTENT_DESCRIPTION_MAX_LENGTH,
  CONTENT_NAME_MAX_LENGTH,
  GAME_MESSAGES,
  GAME_MODES,
  GAME_SCORING,
  LEADERBOARD_SIZE_MAX,
  LEADERBOARD_SIZE_MIN,
  MESSAGES,
  TEAM_AGGREGATES,
  windowIssue,
} from '@plenary/domain';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { eventClock, pickerHours } from '../../shared/time/format';
import { fromWallTime, toWallTime } from '../../shared/time/zones';
import { BusyButton } from '../../shared/ui/BusyButton';
import { DateTimeField } from '../../shared/ui/DateTimeField';
import { toast } from '../../shared/ui/toast';
import { focusField } from '../../shared/forms/focusField';
import {
  gamePath,
  gamesPath,
  labelsPath,
  useAllOf,
  useRefreshGames,
  type GameBody,
  type GameRow,
  type NamedRef,
} from './api';

interface Values {
  name: string;
  description: string;
  mode: GameBody['mode'];
  scoring: GameBody['scoring'];
  teamSource: GameBody['teamSource'];
  teamAggregate: GameBody['teamAggregate'];
  teamTopK: number | string;
  startsAt: string;
  endsAt: string;
  excludedLabelIds: string[];
  leaderboardSize: number | string;
  isPublished: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;

function valuesOf(game: GameRow | null, zone: string): Values {
  return {
    name: game?.name ?? '',
    description: game?.description ?? '',
    mode: game?.mode ?? 'INDIVIDUAL',
    scoring: game?.scoring ?? 'TOTAL_POINTS',
    teamSource: game?.teamSource ?? 'LABELS',
    teamAggregate: game?.teamAggregate ?? 'SUM',
    teamTopK: game?.teamTopK ?? 5,
    startsAt: game?.startsAt ? toWallTime(String(game.startsAt), zone) : '',
    endsAt: game?.endsAt ? toWallTime(String(game.endsAt), zone) : '',
    excludedLabelIds: game?.excludedLabels.map((l) => l.id) ?? [],
    leaderboardSize: game?.leaderboardSize ?? 10,
    isPublished: game?.isPublished ?? true,
  };
}

function check(v: Values, zone: string): Errors {
  const errors: Errors = {};
  if (!v.name.trim()) errors.name = MESSAGES.required;
  const size = Number(v.leaderboardSize);
  if (
    v.leaderboardSize === '' ||
    !Number.isInteger(size) ||
    size < LEADERBOARD_SIZE_MIN ||
    size > LEADERBOARD_SIZE_MAX
  )
    errors.leaderboardSize = GAME_MESSAGES.leaderboardSize;
  if (v.mode === 'TEAM' && v.teamAggregate === 'TOP_K' && (v.teamTopK === '' || Number(v.teamTopK) < 1))
    errors.teamTopK = MESSAGES.required;
  if (v.startsAt && v.endsAt && windowIssue(fromWallTime(v.startsAt, zone), fromWallTime(v.endsAt, zone)))
    errors.endsAt = MESSAGES.endDateBeforeStartDate;
  return errors;
}

const FIELDS: (keyof Values)[] = [
  'name',
  'description',
  'mode',
  'scoring',
  'teamSource',
  'teamAggregate',
  'teamTopK',
  'startsAt',
  'endsAt',
  'excludedLabelIds',
  'leaderboardSize',
  'isPublished',
];

/** The game's Settings (also the New game page): the domain's rules first, then the API's field errors on the same inputs. */
export function GameSettingsForm({
  eventId,
  game,
  zone,
  onSaved,
}: {
  eventId: string;
  game: GameRow | null;
  zone: string;
  onSaved?: (game: GameRow) => void;
}) {
  const { t } = useTranslation('gamification');
  const [values, setValues] = useState<Values>(() => valuesOf(game, zone));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const refresh = useRefreshGames(eventId);
  const labels = useAllOf<NamedRef>(labelsPath(eventId));
  const hours = pickerHours(eventClock(zone));
  const labelData = useMemo(() => {
    const all = new Map<string, string>();
    for (const l of game?.excludedLabels ?? []) all.set(l.id, l.name);
    for (const l of labels.data?.records ?? []) all.set(l.id, l.name);
    return [...all].map(([value, label]) => ({ value, label }));
  }, [labels.data, game]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest as Errors);
  };
  const show = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) focusField(formRef.current, first);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(values, zone);
    if (Object.keys(found).length > 0) return show(found);
    const body: GameBody = {
      name: values.name.trim(),
      description: values.description,
      mode: values.mode,
      scoring: values.scoring,
      teamSource: values.teamSource,
      teamAggregate: values.teamAggregate,
      teamTopK: Number(values.teamTopK) || 5,
      startsAt: values.startsAt ? fromWallTime(values.startsAt, zone) : null,
      endsAt: values.endsAt ? fromWallTime(values.endsAt, zone) : null,
      excludedLabelIds: values.excludedLabelIds,
      leaderboardSize: Number(values.leaderboardSize),
      isPublished: values.isPublished,
    };
    setSaving(true);
    try {
      const saved = game
        ? await apiFetch<GameRow>(gamePath(eventId, game.id), { method: 'PATCH', body })
        : await apiFetch<GameRow>(gamesPath(eventId), { method: 'POST', body });
      await refresh();
      toast.success(t(game ? 'form.saved' : 'form.created', { name: body.name }));
      onSaved?.(saved);
    } catch (error) {
      const fields = isApiError(error) && error.fields ? error.fields : {};
      const own = Object.fromEntries(Object.entries(fields).map(([k, m]) => [k.split('.')[0], m])) as Errors;
      if (FIELDS.some((f) => own[f])) show(own);
      else toast.error(isApiError(error) && error.message ? error.message : t('form.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const errorCount = Object.keys(errors).length;
  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-busy={saving}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} maw={960}>
        <Stack gap="sm">
          {errorCount > 0 && (
            <Alert color="red" variant="light" role="alert">
              {t('form.errorsSummary')}
            </Alert>
          )}
          <TextInput
            label={t('form.name')}
            required
            maxLength={CONTENT_NAME_MAX_LENGTH}
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
            data-field="name"
          />
          <Textarea
            label={t('form.description')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={CONTENT_DESCRIPTION_MAX_LENGTH}
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={errors.description}
            data-field="description"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('form.mode')}
              data={GAME_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))}
              value={values.mode}
              onChange={(v) => v && set('mode', v as Values['mode'])}
              allowDeselect={false}
              error={errors.mode}
              data-field="mode"
            />
            <Select
              label={t('form.scoring')}
              data={GAME_SCORING.map((m) => ({ value: m, label: t(`scoring.${m}`) }))}
              value={values.scoring}
              onChange={(v) => v && set('scoring', v as Values['scoring'])}
              allowDeselect={false}
              error={errors.scoring}
              data-field="scoring"
            />
          </SimpleGrid>
          {values.mode === 'TEAM' && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Select
                label={t('form.teamSource')}
                data={(['LABELS', 'MANUAL'] as const).map((m) => ({
                  value: m,
                  label: t(`teamSources.${m}`),
                }))}
                value={values.teamSource}
                onChange={(v) => v && set('teamSource', v as Values['teamSource'])}
                allowDeselect={false}
                error={errors.teamSource}
                data-field="teamSource"
              />
              <Select
                label={t('form.teamAggregate')}
                data={TEAM_AGGREGATES.map((m) => ({ value: m, label: t(`aggregates.${m}`) }))}
                value={values.teamAggregate}
                onChange={(v) => v && set('teamAggregate', v as Values['teamAggregate'])}
                allowDeselect={false}
                error={errors.teamAggregate}
                data-field="teamAggregate"
              />
              {values.teamAggregate === 'TOP_K' && (
                <NumberInput
                  label={t('form.teamTopK')}
                  required
                  min={1}
                  allowDecimal={false}
                  value={values.teamTopK}
                  onChange={(v) => set('teamTopK', v)}
                  error={errors.teamTopK}
                  data-field="teamTopK"
                />
              )}
            </SimpleGrid>
          )}
          <Text size="sm" c="dimmed">
            {t('form.zone', { zone })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateTimeField
              name="startsAt"
              hours={hours}
              label={t('form.startsAt')}
              value={values.startsAt}
              onChange={(v) => set('startsAt', v)}
              error={errors.startsAt}
              clearable
              clearButtonProps={{ 'aria-label': t('form.clearStartsAt') }}
            />
            <DateTimeField
              name="endsAt"
              hours={hours}
              label={t('form.endsAt')}
              value={values.endsAt}
              onChange={(v) => set('endsAt', v)}
              error={errors.endsAt}
              clearable
              clearButtonProps={{ 'aria-label': t('form.clearEndsAt') }}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MultiSelect
              label={t('form.excludedLabels')}
              description={t('form.excludedLabelsHint')}
              data={labelData}
              value={values.excludedLabelIds}
              onChange={(v) => set('excludedLabelIds', v)}
              searchable
              clearable
              nothingFoundMessage={MESSAGES.noOptions}
              error={errors.excludedLabelIds}
              data-field="excludedLabelIds"
            />
            <NumberInput
              label={t('form.leaderboardSize')}
              required
              min={LEADERBOARD_SIZE_MIN}
              max={LEADERBOARD_SIZE_MAX}
              allowDecimal={false}
              value={values.leaderboardSize}
              onChange={(v) => set('leaderboardSize', v)}
              error={errors.leaderboardSize}
              data-field="leaderboardSize"
            />
          </SimpleGrid>
          <Switch
            label={t('form.published')}
            description={t('form.publishedHint')}
            checked={values.isPublished}
            onChange={(e) => set('isPublished', e.currentTarget.checked)}
            data-field="isPublished"
          />
          <div>
            <BusyButton type="submit" busy={saving}>
              {t(game ? 'form.save' : 'form.create')}
            </BusyButton>
          </div>
        </Stack>
      </Paper>
    </form>
  );
}
