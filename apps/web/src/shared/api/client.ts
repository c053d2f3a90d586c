import { IMPERSONATE_HEADER, MESSAGES, OBJECT_URL_REVOKE_MS, REAUTH_DELAY_MS } from '@plenary/domain';
import { navigateTo } from '../navigation/navigator';
import { commonStore } from '../session/commonStore';
import { storeRedirectUrl } from '../session/redirect';
import { userStore } from '../session/userStore';
import { ApiError, errorFromResponse } from './errors';
import { isTokenExpired } from './token';

export const API_BASE = '/api/v1';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Sent as `Idempotency-Key` (creating POSTs): the API runs a request once per key, so a retry of
   * the same submission with the same key can not create twice (docs/CONTRACTS.md).
   */
  idempotencyKey?: string;
}

/** A random UUID v4 for `idempotencyKey`; getRandomValues also works outside secure contexts. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function apiUrl(path: string, query?: Query): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

let logoutTimer: ReturnType<typeof setTimeout> | null = null;

/** Logs out through /logout, remembering where the user was so the next sign-in returns there. */
function logoutForExpiredToken(): void {
  const here = `${window.location.pathname}${window.location.search}`;
  if (!/^\/(login|logout)(\/|$)/.test(window.location.pathname)) storeRedirectUrl(here);
  navigateTo('/logout', { replace: true });
}

/** 'Token expired' answer: log out (via /logout) after the spec's 5-second delay, once. */
function scheduleExpiredLogout(): void {
  if (logoutTimer !== null) return;
  logoutTimer = setTimeout(() => {
    logoutTimer = null;
    logoutForExpiredToken();
  }, REAUTH_DELAY_MS);
}

/** Headers every call sends: bearer token and, when an admin impersonates someone, `impersonate`. */
function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const { token } = userStore.getState();
  if (token) headers.Authorization = `Bearer ${token}`;
  const impersonated = commonStore.getState().impersonatedUser;
  if (impersonated) headers[IMPERSONATE_HEADER] = impersonated.id;
  return headers;
}

/** Refuses to send with a token already past its expiry: logs out at once instead. */
function assertTokenUsable(): void {
  const { token } = userStore.getState();
  if (token && isTokenExpired(token)) {
    logoutForExpiredToken();
    throw new ApiError(401, MESSAGES.tokenExpired);
  }
}

async function send(path: string, request: ApiRequest, accept: string): Promise<Response> {
  assertTokenUsable();
  const headers: Record<string, string> = { Accept: accept, ...authHeaders(), ...request.headers };
  if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
  let body: BodyInit | undefined;
  // FormData (file uploads) goes as multipart: the browser writes its Content-Type with the boundary.
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const response = await fetch(apiUrl(path, request.query), {
    method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: request.signal,
  });
  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (error.status === 401 && error.message === MESSAGES.tokenExpired) scheduleExpiredLogout();
    throw error;
  }
  return response;
}

/** Calls `/api/v1/<path>` and answers the parsed JSON (undefined for an empty answer). */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, request)).data;
}

/** apiFetch, with the answer's headers. */
export async function apiFetchWithHeaders<T>(
  path: string,
  request: ApiRequest = {},
): Promise<{ data: T; headers: Headers }> {
  const response = await send(path, request, 'application/json');
  if (response.status === 204) return { data: undefined as T, headers: response.headers };
  const text = await response.text();
  return { data: (text === '' ? undefined : JSON.parse(text)) as T, headers: response.headers };
}

/** Downloads a file with the caller's credentials and hands it to the browser as `filename`. */
export async function apiDownload(path: string, query: Query | undefined, filename: string): Promise<void> {
  const response = await send(path, { query }, '*/*');
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_REVOKE_MS);
}
