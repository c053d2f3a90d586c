import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Field errors, focus on the first one, and the busy flag of a content form. `save` runs the write; a
 * refusal shows the API's errors of this form's fields, or else hands its message to `onRefused`.
 */
export function useFormErrors<F extends string>(fieldOrder: readonly F[]) {
  const { t } = useTranslation('content');
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const showErrors = (found: FieldErrors<F>) => {
    setErrors(found);
    const first = fieldOrder.find((f) => found[f]);
    if (first)
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus(),
      );
  };
  const clear = (field: F) => setErrors(({ [field]: _, ...rest }) => rest as FieldErrors<F>);

  const save = async (work: () => Promise<void>, onRefused: (message: string) => void) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined;
      const shown = Object.fromEntries(
        Object.entries(fields ?? {}).filter(([k]) => (fieldOrder as readonly string[]).includes(k)),
      ) as FieldErrors<F>;
      if (Object.keys(shown).length > 0) showErrors(shown);
      else onRefused(isApiError(error) && error.message ? error.message : t('common.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return { errors, showErrors, clear, busy, formRef, save };
}
