import { IMPERSONATE_HEADER } from '@plenary/domain';
import { apiUrl, newIdempotencyKey } from '../../shared/api/client';
import { ApiError, errorFromResponse } from '../../shared/api/errors';
import { commonStore } from '../../shared/session/commonStore';
import { userStore } from '../../shared/session/userStore';

export interface UploadRequest {
  path: string;
  method: 'POST' | 'PUT';
  file: File;
  /** Text fields sent before the file (the API reads them first). */
  fields?: Record<string, string>;
  /** Creating uploads (POST) send one; a retry of the same upload reuses it. */
  idempotencyKey?: string;
  /** 0..1 of the bytes sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart upload (`file` + fields) with progress. fetch() can not report upload progress, so
 * this one call goes through XMLHttpRequest, with the same headers and error answers as apiFetch.
 */
export function uploadFile<T>({
  path,
  method,
  file,
  fields = {},
  idempotencyKey,
  onProgress,
  signal,
}: UploadRequest): Promise<T> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', file, file.name);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const { token } = userStore.getState();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const impersonated = commonStore.getState().impersonatedUser;
    if (impersonated) xhr.setRequestHeader(IMPERSONATE_HEADER, impersonated.id);
    if (method === 'POST') xhr.setRequestHeader('Idempotency-Key', idempotencyKey ?? newIdempotencyKey());
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onload = () => {
      const response = new Response(xhr.responseText || null, {
        status: xhr.status,
        statusText: xhr.statusText,
      });
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
      } else void errorFromResponse(response).then(reject);
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
