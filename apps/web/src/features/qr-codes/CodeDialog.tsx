import { Textarea, TextInput } from '@mantine/core';
import { CUSTOM_QR_DESCRIPTION_MAX, CUSTOM_QR_NAME_MAX } from '@plenary/domain';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { focusField } from '../../shared/forms/focusField';
import { useResourceMutations } from '../../shared/list';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import {
  checkCodeForm,
  CODE_FIELDS,
  codeErrorsFromApi,
  codesPath,
  type CodeErrors,
  type CodeField,
  type CodeFormValues,
  type CodeRow,
} from './api';
import type { CreateCustomQrCode } from '@plenary/domain';

/** Create or edit a custom QR code: name, description and points (the domain schema's checks and messages). */
export function CodeDialog({
  eventId,
  code,
  onClose,
}: {
  eventId: string;
  code: CodeRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('qrCodes');
  const { create, update } = useResourceMutations<CodeRow, CreateCustomQrCode>({ path: codesPath(eventId) });
  const [values, setValues] = useState<CodeFormValues>(() => ({
    name: code?.name ?? '',
    description: code?.description ?? '',
    points: code ? String(code.points) : '0',
  }));
  const [errors, setErrors] = useState<CodeErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const saving = create.isPending || update.isPending;

  const set = (field: CodeField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const show = (found: CodeErrors) => {
    setErrors(found);
    const first = CODE_FIELDS.find((f) => found[f]);
    if (first) focusField(formRef.current, first);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkCodeForm(values);
    if (!checked.ok) return show(checked.errors);
    try {
      await (code
        ? update.mutateAsync({ id: code.id, body: checked.body })
        : create.mutateAsync(checked.body));
      toast.success(t(code ? 'form.saved' : 'form.created', { name: checked.body.name }));
      onClose();
    } catch (error) {
      const own = codeErrorsFromApi(isApiError(error) ? error.fields : undefined);
      if (Object.keys(own).length > 0) show(own);
      else toast.error(isApiError(error) && error.message ? error.message : t('form.saveFailed'));
    }
  };

  return (
    <FormDialog
      title={t(code ? 'form.editTitle' : 'form.addTitle')}
      submitLabel={t(code ? 'form.save' : 'form.create')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      formRef={formRef}
      size="md"
    >
      <TextInput
        label={t('form.name')}
        required
        maxLength={CUSTOM_QR_NAME_MAX}
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
        data-field="name"
        data-autofocus
      />
      <Textarea
        label={t('form.description')}
        description={t('form.descriptionHint')}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={CUSTOM_QR_DESCRIPTION_MAX}
        value={values.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={errors.description}
        data-field="description"
      />
      <TextInput
        label={t('form.points')}
        description={t('form.pointsHint')}
        inputMode="numeric"
        value={values.points}
        onChange={(e) => set('points', e.currentTarget.value)}
        error={errors.points}
        data-field="points"
      />
    </FormDialog>
  );
}
