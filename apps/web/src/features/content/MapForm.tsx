import { CONTENT_NAME_MAX_LENGTH, MAP_MAX_BYTES, requiredString } from '@plenary/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaMessage } from '../../shared/forms/useForm';
import { useResourceMutations } from '../../shared/list';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import { mapsPath, type MapRow } from './api';
import { dropzoneAccept } from './files';
import { FileDropField } from './FileDropField';
import { NameDescriptionFields } from './NameDescriptionFields';
import type { FieldErrors } from './useFormErrors';
import { useUploadSubmit, type UploadField } from './useUploadSubmit';

export type MapDialogMode = 'create' | 'edit' | 'replace';
/** A floor plan: PNG or JPEG, or a PDF whose first page is the plan (domain MAP_FILE_TYPES). */
const ACCEPT = dropzoneAccept(['image', 'pdf']);
const MAX_MB = Math.round(MAP_MAX_BYTES / 1_000_000);

/** Create a map (floor plan + name + description), edit its name and description, or replace its plan. */
export function MapForm({
  eventId,
  mode,
  record,
  onClose,
  onSaved,
}: {
  eventId: string;
  mode: MapDialogMode;
  record: MapRow | null;
  onClose: () => void;
  onSaved?: (map: MapRow) => void;
}) {
  const { t } = useTranslation('content');
  const path = mapsPath(eventId);
  const { update } = useResourceMutations<MapRow, { name: string; description: string }>({ path });
  const [name, setName] = useState(record?.name ?? '');
  const [description, setDescription] = useState(record?.description ?? '');
  const [file, setFile] = useState<File | null>(null);
  const withFile = mode !== 'edit';
  const withFields = mode !== 'replace';
  const { errors, showErrors, clear, busy, formRef, progress, renewKey, upload, submit } = useUploadSubmit(
    path,
    withFile,
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<UploadField> = {};
    const nameError = withFields ? schemaMessage(requiredString(CONTENT_NAME_MAX_LENGTH), name) : undefined;
    if (nameError) found.name = nameError;
    if (withFile && !file) found.file = t('materials.form.fileRequired');
    if (Object.keys(found).length > 0) return showErrors(found);
    void submit(async () => {
      let saved: MapRow;
      if (mode === 'edit' && record) {
        saved = await update.mutateAsync({ id: record.id, body: { name: name.trim(), description } });
        toast.success(t('maps.form.saved', { name: saved.name }));
      } else {
        saved = await upload<MapRow>(
          mode === 'create'
            ? { file: file!, fields: { name: name.trim(), description } }
            : { file: file!, replaceId: record!.id },
        );
        toast.success(
          t(mode === 'create' ? 'maps.form.created' : 'maps.form.replaced', { name: saved.name }),
        );
      }
      onClose();
      onSaved?.(saved);
    });
  };

  const titleKey =
    mode === 'create' ? 'maps.form.addTitle' : mode === 'edit' ? 'maps.form.editTitle' : 'editor.replacePlan';
  const submitKey =
    mode === 'create' ? 'maps.form.create' : mode === 'edit' ? 'maps.form.save' : 'materials.form.replace';
  return (
    <FormDialog
      title={t(titleKey)}
      submitLabel={t(submitKey)}
      onClose={onClose}
      onSubmit={onSubmit}
      saving={busy}
      formRef={formRef}
    >
      {withFields && (
        <NameDescriptionFields
          name={name}
          description={description}
          errors={errors}
          onName={(value) => {
            setName(value);
            clear('name');
          }}
          onDescription={setDescription}
          autoFocus
          descriptionMaxRows={5}
        />
      )}
      {withFile && (
        <FileDropField
          label={t('maps.form.plan')}
          title={t('maps.form.drop')}
          hint={t('maps.form.dropText', { size: MAX_MB })}
          chooseLabel={t('maps.form.choose')}
          accept={ACCEPT}
          maxBytes={MAP_MAX_BYTES}
          file={file}
          onFile={(chosen) => {
            setFile(chosen);
            renewKey();
            clear('file');
          }}
          onReject={(message) => showErrors({ file: message })}
          typeMessage={t('maps.form.typeRefused')}
          sizeMessage={t('materials.form.tooLarge', { size: MAX_MB })}
          error={errors.file}
          errorTitle={t('materials.form.refused')}
          progress={progress}
          progressLabel={t('materials.form.progress', { name: file?.name ?? '' })}
        />
      )}
    </FormDialog>
  );
}
