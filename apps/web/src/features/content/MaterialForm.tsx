import {
  CONTENT_NAME_MAX_LENGTH,
  MATERIAL_FILE_KINDS,
  MATERIAL_MAX_BYTES,
  requiredString,
} from '@plenary/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaMessage } from '../../shared/forms/useForm';
import { useResourceMutations } from '../../shared/list';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import { materialsPath, type MaterialRow } from './api';
import { dropzoneAccept, extensionList } from './files';
import { FileDropField } from './FileDropField';
import { NameDescriptionFields } from './NameDescriptionFields';
import type { FieldErrors } from './useFormErrors';
import { useUploadSubmit, type UploadField } from './useUploadSubmit';

export type MaterialDialogMode = 'create' | 'edit' | 'replace';
const ACCEPT = dropzoneAccept(MATERIAL_FILE_KINDS);
const MAX_MB = Math.round(MATERIAL_MAX_BYTES / 1_000_000);

/** A file name without its extension: the name a new material gets unless the admin types one. */
const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '').slice(0, CONTENT_NAME_MAX_LENGTH);

/**
 * Upload a material (file + name + description, with progress), edit its name and description,
 * or replace its file. The browser checks type and size; the API checks the content.
 */
export function MaterialForm({
  eventId,
  mode,
  record,
  onClose,
}: {
  eventId: string;
  mode: MaterialDialogMode;
  record: MaterialRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const path = materialsPath(eventId);
  const { update } = useResourceMutations<MaterialRow, { name: string; description: string }>({ path });
  const [name, setName] = useState(record?.name ?? '');
  const [nameTyped, setNameTyped] = useState(record !== null);
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
    if (withFields) {
      const nameError = schemaMessage(requiredString(CONTENT_NAME_MAX_LENGTH), name);
      if (nameError) found.name = nameError;
    }
    if (withFile && !file) found.file = t('materials.form.fileRequired');
    if (Object.keys(found).length > 0) return showErrors(found);
    void submit(async () => {
      if (mode === 'edit' && record) {
        await update.mutateAsync({ id: record.id, body: { name: name.trim(), description } });
        toast.success(t('materials.form.saved', { name: name.trim() }));
      } else if (file) {
        const uploaded = await upload<MaterialRow>(
          mode === 'create'
            ? { file, fields: { name: name.trim(), description } }
            : { file, replaceId: record!.id },
        );
        toast.success(
          t(mode === 'create' ? 'materials.form.created' : 'materials.form.replaced', {
            name: uploaded.name,
          }),
        );
      }
      onClose();
    });
  };

  const titleKey =
    mode === 'create'
      ? 'materials.form.addTitle'
      : mode === 'edit'
        ? 'materials.form.editTitle'
        : 'materials.form.replaceTitle';
  const submitKey =
    mode === 'create'
      ? 'materials.form.create'
      : mode === 'edit'
        ? 'materials.form.save'
        : 'materials.form.replace';
  return (
    <FormDialog
      title={t(titleKey)}
      submitLabel={t(submitKey)}
      onClose={onClose}
      onSubmit={onSubmit}
      saving={busy}
      formRef={formRef}
    >
      {withFile && (
        <FileDropField
          label={t('materials.form.file')}
          title={t('materials.form.drop')}
          hint={t('materials.form.dropText', { size: MAX_MB })}
          chooseLabel={t('materials.form.choose')}
          accept={ACCEPT}
          maxBytes={MATERIAL_MAX_BYTES}
          file={file}
          onFile={(chosen) => {
            setFile(chosen);
            renewKey();
            clear('file');
            if (!nameTyped && mode === 'create') setName(baseName(chosen.name));
          }}
          onReject={(message) => showErrors({ file: message })}
          typeMessage={t('materials.form.typeRefused', { types: extensionList(MATERIAL_FILE_KINDS) })}
          sizeMessage={t('materials.form.tooLarge', { size: MAX_MB })}
          error={errors.file}
          errorTitle={t('materials.form.refused')}
          progress={progress}
          progressLabel={t('materials.form.progress', { name: file?.name ?? '' })}
        />
      )}
      {withFields && (
        <NameDescriptionFields
          name={name}
          description={description}
          errors={errors}
          onName={(value) => {
            setName(value);
            setNameTyped(true);
            clear('name');
          }}
          onDescription={(value) => {
            setDescription(value);
            clear('description');
          }}
          autoFocus={mode === 'edit'}
        />
      )}
    </FormDialog>
  );
}
