import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { AudienceEditor, audienceErrorsFromApi, useAudienceDraft } from '../../shared/audience';
import { useResourceMutations } from '../../shared/list';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import { focusField } from '../../shared/forms/focusField';

type Messages = { saved: string; created: string };
type AudienceDraft = ReturnType<typeof useAudienceDraft>;
type CheckedAudience = NonNullable<ReturnType<AudienceDraft['check']>['audience']>;

/**
 * Create/edit of a record that carries an audience (collections, breakouts): the form's own field
 * errors, the audience draft, and a submit that checks both and shows the API's refusals on them.
 */
export function useAudienceForm<
  Row extends { id: string; audience?: Parameters<typeof useAudienceDraft>[1] },
  Body extends { name: string },
>({
  eventId,
  path,
  record,
  ownFields,
  messages,
  onClose,
}: {
  eventId: string;
  path: string;
  record: Row | null;
  ownFields: readonly string[];
  messages: Messages;
  onClose: () => void;
}) {
  const { t } = useTranslation('agenda');
  const { create, update } = useResourceMutations<Row, Body>({ path });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const audience = useAudienceDraft(eventId, record?.audience);
  const formRef = useRef<HTMLFormElement>(null);

  const show = (own: Record<string, string>, audienceErrors: Record<string, string>) => {
    setErrors(own);
    audience.setErrors(audienceErrors);
    const first = ownFields.find((k) => own[k]);
    if (first) focusField(formRef.current, first);
  };
  const clear = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);

  /** `own`: the form's own check; `toBody` builds the body once the audience is complete. */
  const submit = async (own: Record<string, string>, toBody: (audience: CheckedAudience) => Body) => {
    const checked = audience.check();
    if (Object.keys(own).length > 0 || !checked.audience) return show(own, checked.errors);
    const body = toBody(checked.audience);
    try {
      if (record) await update.mutateAsync({ id: record.id, body });
      else await create.mutateAsync(body);
      toast.success(t(record ? messages.saved : messages.created, { name: body.name }));
      onClose();
    } catch (error) {
      const fields = isApiError(error) && error.fields ? error.fields : {};
      const ownErrors = Object.fromEntries(Object.entries(fields).filter(([k]) => ownFields.includes(k)));
      const audienceErrors = audienceErrorsFromApi(fields);
      if (Object.keys(ownErrors).length + Object.keys(audienceErrors).length > 0)
        show(ownErrors, audienceErrors);
      else toast.error(isApiError(error) && error.message ? error.message : t('common.saveFailed'));
    }
  };

  return {
    eventId,
    errors,
    clear,
    audience,
    formRef,
    submit,
    saving: create.isPending || update.isPending,
    editing: record !== null,
    onClose,
  };
}

/** The dialog around such a form: its own fields first, the audience editor last. */
export function AudienceFormDialog({
  form,
  title,
  onSubmit,
  children,
}: {
  form: Pick<
    ReturnType<typeof useAudienceForm>,
    'eventId' | 'audience' | 'saving' | 'formRef' | 'editing' | 'onClose'
  >;
  title: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('agenda');
  const { audience } = form;
  return (
    <FormDialog
      title={title}
      submitLabel={t(form.editing ? 'common.save' : 'common.create')}
      onClose={form.onClose}
      onSubmit={onSubmit}
      saving={form.saving}
      formRef={form.formRef}
      size="xl"
    >
      {children}
      <AudienceEditor
        eventId={form.eventId}
        draft={audience.draft}
        onChange={audience.onChange}
        fields={audience.fields}
        loadingFields={audience.loadingFields}
        errors={audience.errors}
      />
    </FormDialog>
  );
}
