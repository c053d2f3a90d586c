import { ColorInput, Select, Text, TextInput } from '@mantine/core';
import { colorSchema, CONTENT_NAME_MAX_LENGTH, requiredString } from '@plenary/domain';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { schemaMessage } from '../../shared/forms/useForm';
import { optionsFrom, useOptions } from '../../shared/list';
import type { Point } from '../../shared/maps';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import { locationsPath, materialsPath, sessionsPath, type MapChanges, type PinRow } from './api';

const PIN_SWATCHES = ['#e03131', '#1971c2', '#2f9e44', '#f08c00', '#9c36b5', '#0c8599', '#c2255c', '#343a40'];
type Field = 'name' | 'color' | 'locationId' | 'sessionId' | 'materialId';
const FIELD_ORDER: readonly Field[] = ['name', 'color', 'locationId', 'sessionId', 'materialId'];
type Named = { id: string; name: string };
const byName = (path: string) => optionsFrom<Named>(path, (r) => ({ value: r.id, label: r.name }));

interface PinFormProps {
  eventId: string;
  changes: MapChanges;
  /** An existing pin, or the spot a new one goes. */
  pin: PinRow | null;
  at: Point | null;
  onClose: () => void;
  onSaved: (pin: PinRow) => void;
}

/** Create/edit dialog of a pin: name, colour and what it points at (a location, a session, a material). */
export function PinForm({ eventId, changes, pin, at, onClose, onSaved }: PinFormProps) {
  const { t } = useTranslation('content');
  const [name, setName] = useState(pin?.name ?? '');
  const [color, setColor] = useState(pin?.color ?? PIN_SWATCHES[0]!);
  const [links, setLinks] = useState({
    locationId: pin?.location?.id ?? null,
    sessionId: pin?.session?.id ?? null,
    materialId: pin?.material?.id ?? null,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const locations = useOptions(byName(locationsPath(eventId)));
  const sessions = useOptions(byName(sessionsPath(eventId)));
  const materials = useOptions(byName(materialsPath(eventId)));
  const saving = changes.createPin.isPending || changes.updatePin.isPending;
  const position = pin ?? at;

  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first)
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus(),
      );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const nameError = schemaMessage(requiredString(CONTENT_NAME_MAX_LENGTH), name);
    if (nameError) found.name = nameError;
    const colorError = schemaMessage(colorSchema, color);
    if (colorError) found.color = colorError;
    if (Object.keys(found).length > 0) return showErrors(found);
    const body = { name: name.trim(), color, ...links };
    try {
      const saved = pin
        ? await changes.updatePin.mutateAsync({ id: pin.id, body })
        : await changes.createPin.mutateAsync({ ...body, x: at!.x, y: at!.y });
      toast.success(t(pin ? 'editor.pinForm.saved' : 'editor.pinForm.created', { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined;
      const shown = Object.fromEntries(
        Object.entries(fields ?? {}).filter(([k]) => (FIELD_ORDER as readonly string[]).includes(k)),
      );
      if (Object.keys(shown).length > 0) showErrors(shown);
      else toast.error(isApiError(error) && error.message ? error.message : t('common.saveFailed'));
    }
  };

  const linkSelect = (
    field: 'locationId' | 'sessionId' | 'materialId',
    label: string,
    options: ReturnType<typeof useOptions>,
  ) => (
    <Select
      label={label}
      placeholder={t('editor.pinForm.none')}
      data={options.data}
      value={links[field]}
      onChange={(value) => setLinks((l) => ({ ...l, [field]: value }))}
      clearable
      searchable
      nothingFoundMessage={t('editor.pinForm.none')}
      error={errors[field]}
      data-field={field}
      comboboxProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': t('editor.pinForm.clear', { label }) }}
    />
  );

  return (
    <FormDialog
      title={t(pin ? 'editor.pinForm.editTitle' : 'editor.pinForm.addTitle')}
      submitLabel={t(pin ? 'editor.pinForm.save' : 'editor.pinForm.create')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      formRef={formRef}
    >
      <TextInput
        label={t('editor.pinForm.name')}
        required
        maxLength={CONTENT_NAME_MAX_LENGTH}
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setErrors(({ name: _, ...rest }) => rest);
        }}
        error={errors.name}
        data-field="name"
        data-autofocus
      />
      <ColorInput
        label={t('editor.pinForm.color')}
        format="hex"
        swatches={PIN_SWATCHES}
        value={color}
        onChange={setColor}
        error={errors.color}
        data-field="color"
        eyeDropperButtonProps={{ 'aria-label': t('editor.pinForm.pickColor') }}
      />
      {linkSelect('locationId', t('editor.pinForm.location'), locations)}
      {linkSelect('sessionId', t('editor.pinForm.session'), sessions)}
      {linkSelect('materialId', t('editor.pinForm.material'), materials)}
      {position && (
        <Text size="sm" c="dimmed">
          {t('editor.pinForm.position', {
            x: (position.x * 100).toFixed(1),
            y: (position.y * 100).toFixed(1),
          })}
        </Text>
      )}
    </FormDialog>
  );
}
