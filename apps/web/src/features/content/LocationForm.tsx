import { Alert, Anchor, Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { CONTENT_NAME_MAX_LENGTH, nullableUrlSchema, requiredString } from '@plenary/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { schemaMessage } from '../../shared/forms/useForm';
import { listKey, useResourceMutations } from '../../shared/list';
import { useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import { locationsPath, type LocationBody, type LocationRow } from './api';
import { NameDescriptionFields } from './NameDescriptionFields';
import { uploadFile } from './upload';
import { useFormErrors, type FieldErrors } from './useFormErrors';

type Field = 'name' | 'description' | 'mapLocationUrl' | 'pdfMap';
const FIELD_ORDER: readonly Field[] = ['name', 'description', 'mapLocationUrl', 'pdfMap'];

/** Create/edit dialog of a location: name, description, a map location URL and a PDF map. */
export function LocationForm({
  eventId,
  record,
  onClose,
}: {
  eventId: string;
  record: LocationRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const path = locationsPath(eventId);
  const { create, update } = useResourceMutations<LocationRow, LocationBody>({ path });
  const client = useQueryClient();
  const [name, setName] = useState(record?.name ?? '');
  const [description, setDescription] = useState(record?.description ?? '');
  const [url, setUrl] = useState(record?.mapLocationUrl ?? '');
  const [pdf, setPdf] = useState<File | null>(null);
  const [removePdf, setRemovePdf] = useState(false);
  const { errors, showErrors, clear, busy, formRef, save } = useFormErrors(FIELD_ORDER);
  const saved = useRef<LocationRow | null>(record);
  const pdfHintId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<Field> = {};
    const nameError = schemaMessage(requiredString(CONTENT_NAME_MAX_LENGTH), name);
    if (nameError) found.name = nameError;
    const urlError = schemaMessage(nullableUrlSchema, url.trim());
    if (urlError) found.mapLocationUrl = urlError;
    if (Object.keys(found).length > 0) return showErrors(found);
    const body: LocationBody = {
      name: name.trim(),
      description,
      mapLocationUrl: url.trim() === '' ? null : url.trim(),
    };
    void save(
      async () => {
        // A retry after a refused PDF keeps the location already saved.
        const current = saved.current;
        const location = current
          ? await update.mutateAsync({ id: current.id, body })
          : await create.mutateAsync(body);
        saved.current = location;
        const pdfPath = `${path}/${encodeURIComponent(location.id)}/pdf-map`;
        try {
          if (pdf) await uploadFile({ path: pdfPath, method: 'PUT', file: pdf });
          else if (removePdf && record?.pdfMapUrl) await apiFetch(pdfPath, { method: 'DELETE' });
        } catch (error) {
          showErrors({
            pdfMap: isApiError(error) ? (error.fields?.file ?? error.message) : t('common.saveFailed'),
          });
          return;
        } finally {
          if (pdf || removePdf) void client.invalidateQueries({ queryKey: listKey(path) });
        }
        toast.success(t(record ? 'locations.form.saved' : 'locations.form.created', { name: location.name }));
        onClose();
      },
      (message) => toast.error(message),
    );
  };

  const currentPdf = !removePdf && !pdf ? record?.pdfMapUrl : null;
  return (
    <FormDialog
      title={t(record ? 'locations.form.editTitle' : 'locations.form.addTitle')}
      submitLabel={t(record ? 'locations.form.save' : 'locations.form.create')}
      onClose={onClose}
      onSubmit={onSubmit}
      saving={busy}
      formRef={formRef}
    >
      <NameDescriptionFields
        name={name}
        description={description}
        errors={errors}
        onName={(value) => {
          setName(value);
          clear('name');
        }}
        onDescription={(value) => {
          setDescription(value);
          clear('description');
        }}
        autoFocus
      />
      <TextInput
        label={t('locations.form.mapLocationUrl')}
        description={t('locations.form.mapLocationUrlHint')}
        type="url"
        inputMode="url"
        value={url}
        onChange={(e) => {
          setUrl(e.currentTarget.value);
          clear('mapLocationUrl');
        }}
        error={errors.mapLocationUrl}
        data-field="mapLocationUrl"
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('locations.form.pdfMap')}
        </Text>
        <Text size="xs" c="dimmed" id={pdfHintId}>
          {t('locations.form.pdfMapHint')}
        </Text>
        {currentPdf && (
          <Anchor href={currentPdf} target="_blank" rel="noopener noreferrer" size="sm">
            {t('locations.form.pdfMapCurrent')}
          </Anchor>
        )}
        {pdf && <Text size="sm">{t('locations.form.pdfChosen', { name: pdf.name })}</Text>}
        <Group gap="sm">
          <FileButton
            accept="application/pdf,.pdf"
            onChange={(file) => {
              setPdf(file);
              setRemovePdf(false);
              clear('pdfMap');
            }}
          >
            {(props) => (
              <Button variant="default" {...props} data-field="pdfMap" aria-describedby={pdfHintId}>
                {t('locations.form.choosePdf')}
              </Button>
            )}
          </FileButton>
          {(currentPdf || pdf) && (
            <Button
              variant="subtle"
              color="red.8"
              onClick={() => {
                setPdf(null);
                setRemovePdf(true);
              }}
            >
              {t('locations.form.removePdf')}
            </Button>
          )}
        </Group>
        {errors.pdfMap && (
          <Alert color="red" variant="light" role="alert" title={t('locations.form.pdfRefused')}>
            {errors.pdfMap}
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
