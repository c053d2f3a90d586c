import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  MultiSelect,
  Popover,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDownload } from '../api/client';
import { useDateAriaLabels } from '../ui/dateAriaLabels';
import { toast } from '../ui/toast';
import { headerOf, moveColumn, toggleColumn, type ColumnLayout } from './columns';
import {
  IconChevronDown,
  IconChevronUp,
  IconColumns,
  IconDownload,
  IconFilter,
  IconSearch,
  IconX,
} from './icons';
import { hasCriteria, toExportQuery } from './query';
import type { ApiQuery, ColumnDef, DateRange, FilterDef, FilterValue, ListParams } from './types';
import { useOptions } from './useRemoteOptions';

export const SEARCH_DEBOUNCE_MS = 300;

// ── Search ──────────────────────────────────────────────────────────────────────────────

export interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/** Labelled search box; tells the list after the user pauses typing (Enter tells it at once). */
export function SearchInput({ value, onChange, placeholder }: SearchInputProps) {
  const { t } = useTranslation('list');
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const tell = (next: string) => {
    const trimmed = next.trim();
    if (trimmed === committed.current) return;
    committed.current = trimmed;
    onChange(trimmed);
  };
  const debounced = useDebouncedCallback(tell, SEARCH_DEBOUNCE_MS);
  // Enter tells at once; the pending pause must not tell an older text afterwards.
  const commit = (next: string) => {
    debounced.cancel();
    tell(next);
  };
  // The URL changed under us (back/forward, clear filters): show it, and drop a pending pause.
  useEffect(() => {
    if (value !== committed.current) {
      debounced.cancel();
      committed.current = value;
      setText(value);
    }
  }, [value, debounced]);
  return (
    <TextInput
      type="search"
      label={t('search.label')}
      placeholder={placeholder ?? t('search.placeholder')}
      leftSection={<IconSearch />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        debounced(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(e.currentTarget.value);
      }}
      maxLength={200}
      w={{ base: '100%', sm: 280 }}
    />
  );
}

// ── Filters ─────────────────────────────────────────────────────────────────────────────

/** A filter's label: its literal text, else its i18n key translated. */
function labelOf(def: FilterDef, t: (key: string) => string): string {
  return def.labelText ?? t(def.labelKey);
}

function ChoiceFilter({
  def,
  value,
  onChange,
  withinPortal = true,
}: {
  def: Extract<FilterDef, { kind: 'select' | 'multiselect' }>;
  value: FilterValue | undefined;
  onChange: (value: FilterValue | undefined) => void;
  withinPortal?: boolean | undefined;
}) {
  // In the "More filters" popover (no portal) the controls take its width.
  const { t } = useTranslation('list');
  const { t: tAny } = useTranslation();
  const { data, loading } = useOptions(def.options);
  const common = {
    label: labelOf(def, tAny),
    data,
    searchable: data.length > 7,
    nothingFoundMessage: loading ? t('filters.loadingOptions') : t('filters.noOptions'),
    w: withinPortal ? { base: '100%', sm: 220 } : '100%',
    comboboxProps: { withinPortal },
  };
  if (def.kind === 'multiselect') {
    return (
      <MultiSelect
        {...common}
        placeholder={Array.isArray(value) && value.length ? undefined : t('filters.any')}
        value={Array.isArray(value) ? value : []}
        onChange={(v) => onChange(v.length ? v : undefined)}
        clearable
      />
    );
  }
  return (
    <Select
      {...common}
      placeholder={t('filters.any')}
      value={typeof value === 'string' ? value : null}
      onChange={(v) => onChange(v ?? undefined)}
      clearable
    />
  );
}

function BooleanFilter({ def, value, onChange, withinPortal = true }: FilterControlProps) {
  const { t } = useTranslation('list');
  const { t: tAny } = useTranslation();
  return (
    <Select
      label={labelOf(def, tAny)}
      data={[
        { value: 'true', label: t('yes') },
        { value: 'false', label: t('no') },
      ]}
      placeholder={t('filters.any')}
      value={typeof value === 'string' ? value : null}
      onChange={(v) => onChange(v ?? undefined)}
      clearable
      w={withinPortal ? { base: '100%', sm: 140 } : '100%'}
      comboboxProps={{ withinPortal }}
    />
  );
}

function DateRangeFilter({ def, value, onChange }: FilterControlProps) {
  const { t } = useTranslation('list');
  const { t: tAny } = useTranslation();
  const range = (value && !Array.isArray(value) && typeof value === 'object' ? value : {}) as DateRange;
  const set = (patch: DateRange) => {
    const next = { ...range, ...patch };
    if (!next.from) delete next.from;
    if (!next.to) delete next.to;
    onChange(next.from || next.to ? next : undefined);
  };
  const legendId = useId();
  // The app's own date format (not the browser's mm/dd/yyyy), clearable, with a labelled calendar.
  const picker: Partial<DatePickerInputProps> = {
    valueFormat: 'D MMM YYYY',
    clearable: true,
    w: 150,
    weekendDays: [],
    popoverProps: { returnFocus: true },
    ariaLabels: useDateAriaLabels(),
  };
  return (
    <fieldset aria-labelledby={legendId} style={{ border: 0, padding: 0, margin: 0 }}>
      <Text id={legendId} size="sm" fw={500} mb={2}>
        {labelOf(def, tAny)}
      </Text>
      <Group gap={6} wrap="nowrap">
        <DatePickerInput
          {...picker}
          aria-label={`${labelOf(def, tAny)}: ${t('filters.from')}`}
          placeholder={t('filters.from')}
          value={range.from ?? null}
          maxDate={range.to}
          onChange={(v) => set({ from: v ?? '' })}
        />
        <Text size="sm" c="dimmed" aria-hidden="true">
          –
        </Text>
        <DatePickerInput
          {...picker}
          aria-label={`${labelOf(def, tAny)}: ${t('filters.to')}`}
          placeholder={t('filters.to')}
          value={range.to ?? null}
          minDate={range.from}
          onChange={(v) => set({ to: v ?? '' })}
        />
      </Group>
    </fieldset>
  );
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** One end of a number range: typed freely, told to the list when it is a number (or empty) and the user pauses. */
function NumberBound({
  label,
  value,
  onCommit,
  placeholder,
}: {
  label: string;
  value: string;
  onCommit: (v: string) => void;
  placeholder: string;
}) {
  const { t } = useTranslation('list');
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const tell = (next: string) => {
    const v = next.trim();
    if ((v !== '' && !DECIMAL.test(v)) || v === committed.current) return;
    committed.current = v;
    onCommit(v);
  };
  const debounced = useDebouncedCallback(tell, SEARCH_DEBOUNCE_MS);
  const commit = (next: string) => {
    debounced.cancel();
    tell(next);
  };
  useEffect(() => {
    if (value !== committed.current) {
      debounced.cancel();
      committed.current = value;
      setText(value);
    }
  }, [value, debounced]);
  const invalid = text.trim() !== '' && !DECIMAL.test(text.trim());
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      inputMode="decimal"
      value={text}
      error={invalid ? t('filters.invalidNumber') : undefined}
      onChange={(e) => {
        setText(e.currentTarget.value);
        debounced(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(e.currentTarget.value);
      }}
      onBlur={(e) => commit(e.currentTarget.value)}
      w={110}
    />
  );
}

function NumberRangeFilter({ def, value, onChange }: FilterControlProps) {
  const { t } = useTranslation('list');
  const { t: tAny } = useTranslation();
  const range = (value && !Array.isArray(value) && typeof value === 'object' ? value : {}) as DateRange;
  const set = (patch: DateRange) => {
    const next = { ...range, ...patch };
    if (!next.from) delete next.from;
    if (!next.to) delete next.to;
    onChange(next.from || next.to ? next : undefined);
  };
  const legendId = useId();
  const label = labelOf(def, tAny);
  return (
    <fieldset aria-labelledby={legendId} style={{ border: 0, padding: 0, margin: 0 }}>
      <Text id={legendId} size="sm" fw={500} mb={2}>
        {label}
      </Text>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <NumberBound
          label={`${label}: ${t('filters.min')}`}
          placeholder={t('filters.min')}
          value={range.from ?? ''}
          onCommit={(from) => set({ from })}
        />
        <Text size="sm" c="dimmed" aria-hidden="true" mt={6}>
          –
        </Text>
        <NumberBound
          label={`${label}: ${t('filters.max')}`}
          placeholder={t('filters.max')}
          value={range.to ?? ''}
          onCommit={(to) => set({ to })}
        />
      </Group>
    </fieldset>
  );
}

interface FilterControlProps {
  def: FilterDef;
  value: FilterValue | undefined;
  onChange: (value: FilterValue | undefined) => void;
  /** Dropdowns in a portal (default); false inside a popover, so picking an option does not close it. */
  withinPortal?: boolean;
}

/** One control per filter kind: select, multiselect, boolean (Yes/No/Any), date range and number range. */
export function FilterControl(props: FilterControlProps) {
  const { def } = props;
  if (def.kind === 'select' || def.kind === 'multiselect') return <ChoiceFilter {...props} def={def} />;
  if (def.kind === 'boolean') return <BooleanFilter {...props} />;
  if (def.kind === 'number-range') return <NumberRangeFilter {...props} />;
  return <DateRangeFilter {...props} />;
}

/** Filters marked `more`, behind one button that counts the active ones. */
function MoreFilters({
  filters,
  params,
  setFilter,
}: {
  filters: readonly FilterDef[];
  params: ListParams;
  setFilter: (id: string, v: FilterValue | undefined) => void;
}) {
  const { t } = useTranslation('list');
  const titleId = useId();
  const active = filters.filter((f) => params.filters[f.id] !== undefined).length;
  return (
    <Popover
      position="bottom-start"
      shadow="md"
      trapFocus
      returnFocus
      width="min(360px, calc(100vw - 32px))"
      withinPortal
    >
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFilter />}
          rightSection={
            active > 0 ? (
              <Badge size="sm" circle aria-hidden="true">
                {active}
              </Badge>
            ) : undefined
          }
          aria-label={active > 0 ? t('filters.moreActive', { count: active }) : t('filters.more')}
        >
          {t('filters.more')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId} role="dialog">
        <Text id={titleId} fw={600} size="sm" mb="xs">
          {t('filters.moreTitle')}
        </Text>
        <Stack gap="sm" mah="60dvh" style={{ overflowY: 'auto' }}>
          {filters.map((def) => (
            <FilterControl
              key={def.id}
              def={def}
              value={params.filters[def.id]}
              onChange={(v) => setFilter(def.id, v)}
              withinPortal={false}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

// ── Column chooser ──────────────────────────────────────────────────────────────────────

export interface ColumnChooserProps<T> {
  columns: readonly ColumnDef<T>[];
  layout: ColumnLayout;
  onChange: (layout: ColumnLayout) => void;
  onReset: () => void;
}

/** Show/hide with checkboxes and reorder with up/down buttons: every action works by keyboard. */
export function ColumnChooser<T>({ columns, layout, onChange, onReset }: ColumnChooserProps<T>) {
  const { t } = useTranslation('list');
  const { t: tAny } = useTranslation();
  const titleId = useId();
  const byId = new Map(columns.map((c) => [c.id, c]));
  const visible = new Set(layout.visible);
  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus width={320} withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns />}>
          {t('columns.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId} role="dialog">
        <Text id={titleId} fw={600} size="sm" mb="xs">
          {t('columns.title')}
        </Text>
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {layout.order.map((id, i) => {
            const def = byId.get(id);
            if (!def) return null;
            const name = headerOf(def, tAny);
            const isLast = visible.has(id) && visible.size === 1;
            return (
              <Group key={id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Checkbox
                  label={name}
                  checked={visible.has(id)}
                  disabled={isLast}
                  title={isLast ? t('columns.lastVisible') : undefined}
                  onChange={(e) => onChange(toggleColumn(layout, id, e.currentTarget.checked))}
                />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('columns.moveUp', { column: name })}
                    disabled={i === 0}
                    onClick={() => onChange(moveColumn(layout, id, -1))}
                  >
                    <IconChevronUp />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('columns.moveDown', { column: name })}
                    disabled={i === layout.order.length - 1}
                    onClick={() => onChange(moveColumn(layout, id, 1))}
                  >
                    <IconChevronDown />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
        </Stack>
        <Button variant="subtle" size="xs" mt="sm" onClick={onReset}>
          {t('columns.reset')}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}

// ── Export ──────────────────────────────────────────────────────────────────────────────

export interface ExportMenuProps {
  /** Export type: GET `{exportKey}/export?format=csv|xlsx&<list query>` (also the file name). */
  exportKey: string;
  /** Export path instead of `{exportKey}/export`. */
  path?: string | undefined;
  /** Extra query parameters (e.g. `{ eventId }`). */
  query?: ApiQuery | undefined;
  params: ListParams;
  filters: readonly FilterDef[];
  /** Export columns in order (the visible ones); empty = everything the export offers. */
  columns?: readonly string[];
}

/** CSV or XLSX of every record matching the current search, filters and sort. */
export function ExportMenu({ exportKey, path, query, params, filters, columns }: ExportMenuProps) {
  const { t } = useTranslation('list');
  const [busy, setBusy] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const date = new Date().toISOString().slice(0, 10);
      const url = path ?? `${exportKey}/export`;
      // The file is named after what it holds: 'participants/export' → participants-<date>.csv.
      const name =
        url
          .replace(/\/export$/, '')
          .split('/')
          .pop() || exportKey;
      await apiDownload(
        url,
        toExportQuery(params, filters, format, columns, query),
        `${name}-${date}.${format}`,
      );
    } catch {
      toast.error(t('export.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload />} loading={busy}>
          {t('export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void run('csv')}>{t('export.csv')}</Menu.Item>
        <Menu.Item onClick={() => void run('xlsx')}>{t('export.xlsx')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

// ── Toolbar ─────────────────────────────────────────────────────────────────────────────

export interface ListToolbarProps<T> {
  params: ListParams;
  setParams: (patch: Partial<ListParams>, options?: { replace?: boolean }) => void;
  filters: readonly FilterDef[];
  searchPlaceholder?: string;
  columns?: readonly ColumnDef<T>[];
  layout?: ColumnLayout;
  onLayoutChange?: (layout: ColumnLayout) => void;
  onLayoutReset?: () => void;
  /** Export type; omit to hide the export menu. */
  exportKey?: string;
  exportPath?: string | undefined;
  exportQuery?: ApiQuery | undefined;
  exportColumns?: readonly string[];
}

/** Search, filters, "clear", column chooser and export in one wrapping row. */
export function ListToolbar<T>(props: ListToolbarProps<T>) {
  const { params, setParams, filters, columns, layout, onLayoutChange, onLayoutReset, exportKey } = props;
  const { t } = useTranslation('list');
  const setFilter = (id: string, value: FilterValue | undefined) => {
    const next: Record<string, FilterValue> = { ...params.filters };
    if (value === undefined) delete next[id];
    else next[id] = value;
    setParams({ filters: next });
  };
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Group align="flex-end" gap="sm" wrap="wrap" role="search">
        <SearchInput
          value={params.search}
          onChange={(search) => setParams({ search })}
          {...(props.searchPlaceholder ? { placeholder: props.searchPlaceholder } : {})}
        />
        {filters
          .filter((def) => !def.more)
          .map((def) => (
            <FilterControl
              key={def.id}
              def={def}
              value={params.filters[def.id]}
              onChange={(v) => setFilter(def.id, v)}
            />
          ))}
        {filters.some((def) => def.more) && (
          <MoreFilters filters={filters.filter((def) => def.more)} params={params} setFilter={setFilter} />
        )}
        {hasCriteria(params, filters) && (
          <Button
            variant="subtle"
            leftSection={<IconX />}
            onClick={() => setParams({ search: '', filters: {} })}
          >
            {t('filters.clear')}
          </Button>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap" ml="auto">
        {columns && layout && onLayoutChange && onLayoutReset && (
          <ColumnChooser
            columns={columns}
            layout={layout}
            onChange={onLayoutChange}
            onReset={onLayoutReset}
          />
        )}
        {exportKey && (
          <ExportMenu
            exportKey={exportKey}
            path={props.exportPath}
            query={props.exportQuery}
            params={params}
            filters={filters}
            {...(props.exportColumns ? { columns: props.exportColumns } : {})}
          />
        )}
      </Group>
    </Group>
  );
}
