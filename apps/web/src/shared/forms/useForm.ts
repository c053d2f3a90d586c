import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ZodType } from 'zod';

export type FormErrors<T> = Partial<Record<keyof T & string, string>>;
type Validator<T> = (values: T) => FormErrors<T>;

/** First message of a zod schema for `value`, or undefined when it passes. */
export function schemaMessage(schema: ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * A small controlled-form helper (no form library is installed): values, per-field errors shown
 * after submit, server `fields` errors, and focus on the first invalid field (WCAG 3.3.1).
 */
export function useForm<T extends Record<string, string>>(initial: T, validate: Validator<T>) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FormErrors<T>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstError = useCallback((next: FormErrors<T>) => {
    const invalid = new Set(Object.keys(next).filter((k) => next[k as keyof T & string]));
    if (invalid.size === 0) return;
    // The first invalid control in page order. Selects and date pickers keep `name` on a hidden
    // input: they mark their visible control with data-field.
    const controls =
      formRef.current?.querySelectorAll<HTMLElement>('[name]:not([type="hidden"]), [data-field]') ?? [];
    [...controls]
      .find((el) => invalid.has(el.getAttribute('data-field') ?? el.getAttribute('name') ?? ''))
      ?.focus();
  }, []);

  const setValue = useCallback((name: keyof T & string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  }, []);

  const inputProps = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, event.currentTarget.value),
  });

  const showErrors = useCallback(
    (next: FormErrors<T>) => {
      setErrors(next);
      focusFirstError(next);
    },
    [focusFirstError],
  );

  const onSubmit = (handler: (values: T) => void | Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    if (Object.values(found).some(Boolean)) {
      showErrors(found);
      return;
    }
    setErrors({});
    void handler(values);
  };

  /** Shows the API's `fields` answer on the matching inputs; answers whether any matched. */
  const showServerErrors = (fields: Record<string, string> | undefined): boolean => {
    if (!fields) return false;
    const known = Object.fromEntries(Object.entries(fields).filter(([k]) => k in initial)) as FormErrors<T>;
    if (Object.keys(known).length === 0) return false;
    showErrors(known);
    return true;
  };

  return { values, errors, setValue, inputProps, onSubmit, showServerErrors, formRef };
}
