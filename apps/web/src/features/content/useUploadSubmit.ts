import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { newIdempotencyKey } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { listKey } from '../../shared/list';
import { toast } from '../../shared/ui/toast';
import { useFormErrors } from './useFormErrors';
import { uploadFile } from './upload';

export type UploadField = 'name' | 'description' | 'file';
const FIELD_ORDER: readonly UploadField[] = ['name', 'description', 'file'];

/** A new upload with its fields, or a new file for the record `replaceId`. */
type UploadTarget = { file: File; fields: Record<string, string> } | { file: File; replaceId: string };

/**
 * The submit of a form that uploads a file to `path` (materials, interactive maps): errors, busy,
 * progress and the idempotency key. A refusal without field errors lands on the file when the form
 * has one, else in a toast.
 */
export function useUploadSubmit(path: string, withFile: boolean) {
  const client = useQueryClient();
  const form = useFormErrors(FIELD_ORDER);
  const [progress, setProgress] = useState<number | null>(null);
  // One key per chosen file and fields: a second click after a lost answer does not upload twice.
  const idempotencyKey = useRef(newIdempotencyKey());
  const renewKey = () => {
    idempotencyKey.current = newIdempotencyKey();
  };

  const upload = async <T>(target: UploadTarget): Promise<T> => {
    setProgress(0);
    const saved =
      'fields' in target
        ? await uploadFile<T>({
            path,
            method: 'POST',
            file: target.file,
            fields: target.fields,
            idempotencyKey: idempotencyKey.current,
            onProgress: setProgress,
          })
        : await uploadFile<T>({
            path: `${path}/${encodeURIComponent(target.replaceId)}/file`,
            method: 'PUT',
            file: target.file,
            onProgress: setProgress,
          });
    await client.invalidateQueries({ queryKey: listKey(path) });
    return saved;
  };

  const submit = (work: () => Promise<void>) =>
    form.save(
      async () => {
        try {
          await work();
        } catch (error) {
          setProgress(null);
          // An answer came back: the key is spent (or released); only an upload that got no answer is retried with it.
          if (isApiError(error)) renewKey();
          throw error;
        }
      },
      (message) => (withFile ? form.showErrors({ file: message }) : toast.error(message)),
    );

  return { ...form, progress, renewKey, upload, submit };
}
