/** Per-user, per-table view settings: `GET/POST/PATCH view-settings/{tableKey}`. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api/client';
import { isApiError } from '../api/errors';
import type { ViewSettings } from './types';

export const viewSettingsKey = (tableKey: string) => ['view-settings', tableKey] as const;

function isViewSettings(v: unknown): v is ViewSettings {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Partial<ViewSettings>;
  return Array.isArray(s.columns) && Array.isArray(s.order) && typeof s.pageSize === 'number';
}

/**
 * The user's saved settings in an answer of `GET view-settings/{tableKey}`, or null when nothing
 * was saved: the API answers 200 `saved: false` with empty columns, which must not hide every column.
 */
export function savedViewSettings(answer: unknown): ViewSettings | null {
  if (!isViewSettings(answer)) return null;
  if ((answer as { saved?: unknown }).saved === false) return null;
  return { columns: answer.columns, order: answer.order, pageSize: answer.pageSize };
}

/** Saved settings, or null when the user has none yet. */
export async function fetchViewSettings(
  tableKey: string,
  signal?: AbortSignal,
): Promise<ViewSettings | null> {
  try {
    return savedViewSettings(
      await apiFetch<unknown>(`view-settings/${encodeURIComponent(tableKey)}`, { signal }),
    );
  } catch (error) {
    // An API older than the `saved` flag answered 404 for settings never saved.
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Creates (POST) the first time, updates (PATCH) afterwards. */
export async function saveViewSettings(
  tableKey: string,
  settings: ViewSettings,
  exists: boolean,
): Promise<ViewSettings> {
  const path = `view-settings/${encodeURIComponent(tableKey)}`;
  try {
    await apiFetch<unknown>(path, { method: exists ? 'PATCH' : 'POST', body: settings });
  } catch (error) {
    // Someone (another tab) created them meanwhile, or they vanished: try the other verb once.
    if (isApiError(error) && (error.status === 409 || error.status === 404)) {
      await apiFetch<unknown>(path, { method: exists ? 'POST' : 'PATCH', body: settings });
    } else throw error;
  }
  return settings;
}

/** Tables whose settings exist on the server (so the next save is a PATCH). */
const existing = new Set<string>();
/** Latest settings waiting to be sent, and the running save loop, per table. */
const pending = new Map<string, ViewSettings>();
const running = new Map<string, Promise<void>>();

/**
 * Saves in order, one request at a time per table; changes made while a request is in flight are
 * coalesced into the next one, so the server ends with the last choice.
 */
export function queueSave(tableKey: string, settings: ViewSettings): Promise<void> {
  pending.set(tableKey, settings);
  const current = running.get(tableKey);
  if (current) return current;
  const loop = (async () => {
    try {
      for (let next = pending.get(tableKey); next; next = pending.get(tableKey)) {
        pending.delete(tableKey);
        try {
          await saveViewSettings(tableKey, next, existing.has(tableKey));
          existing.add(tableKey);
        } catch {
          // Silent like every list failure: the choice stays for this session.
        }
      }
    } finally {
      running.delete(tableKey);
    }
  })();
  running.set(tableKey, loop);
  return loop;
}

export interface ViewSettingsState {
  /** Saved settings; null when none are saved (or they could not be read). */
  saved: ViewSettings | null;
  /** False until the first answer (success or failure), so the list waits for the page size. */
  ready: boolean;
  save: (settings: ViewSettings) => void;
}

/** Reads the settings once per table; saves optimistically (the screen changes at once). */
export function useViewSettings(tableKey: string): ViewSettingsState {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: viewSettingsKey(tableKey),
    queryFn: async ({ signal }) => {
      const saved = await fetchViewSettings(tableKey, signal);
      if (saved) existing.add(tableKey);
      return saved;
    },
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
  return {
    saved: query.data ?? null,
    ready: !query.isPending,
    save: (settings) => {
      client.setQueryData(viewSettingsKey(tableKey), settings);
      void queueSave(tableKey, settings);
    },
  };
}
