import type {
  interactiveMapSchema,
  locationSchema,
  materialSchema,
  pinSchema,
  createPinSchema,
  updatePinSchema,
  createLocationSchema,
} from '@plenary/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, newIdempotencyKey } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { listKey } from '../../shared/list';

/** Records as the API sends them (timestamps as ISO text). */
export type LocationRow = z.input<typeof locationSchema>;
export type MaterialRow = z.input<typeof materialSchema>;
export type MapRow = z.input<typeof interactiveMapSchema>;
export type PinRow = z.input<typeof pinSchema>;
export type CreatePinBody = z.input<typeof createPinSchema>;
export type UpdatePinBody = z.input<typeof updatePinSchema>;
export type LocationBody = z.input<typeof createLocationSchema>;

const eventPath = (eventId: string) => `events/${encodeURIComponent(eventId)}`;
export const locationsPath = (eventId: string) => `${eventPath(eventId)}/locations`;
export const materialsPath = (eventId: string) => `${eventPath(eventId)}/materials`;
export const mapsPath = (eventId: string) => `${eventPath(eventId)}/interactive-maps`;
export const sessionsPath = (eventId: string) => `${eventPath(eventId)}/sessions`;
const mapPath = (eventId: string, mapId: string) => `${mapsPath(eventId)}/${encodeURIComponent(mapId)}`;

/** The console's map editor, opened at a pin when given (spec part 3: the usage-in-map link). */
export function mapEditorLink(mapId: string, pinId?: string): string {
  const base = `/content/interactive-maps/${encodeURIComponent(mapId)}`;
  return pinId ? `${base}?pin=${encodeURIComponent(pinId)}` : base;
}

const mapKey = (eventId: string, mapId: string) => ['interactive-map', eventId, mapId] as const;

/** One map with its pins. */
export function useInteractiveMap(eventId: string, mapId: string) {
  return useQuery<MapRow, ApiError>({
    queryKey: mapKey(eventId, mapId),
    queryFn: ({ signal }) => apiFetch<MapRow>(mapPath(eventId, mapId), { signal }),
  });
}

/**
 * Changes to one map and its pins. Moves are shown at once (the cache is updated before the
 * answer) and put back if the API refuses; every change refreshes the lists that show pins
 * (locations' and materials' usage in maps, the maps' pin counts).
 */
export function useMapChanges(eventId: string, mapId: string) {
  const client = useQueryClient();
  const key = mapKey(eventId, mapId);
  const refreshLists = () =>
    Promise.all(
      [locationsPath, materialsPath, mapsPath].map((path) =>
        client.invalidateQueries({ queryKey: listKey(path(eventId)) }),
      ),
    );
  const setPins = (change: (pins: PinRow[]) => PinRow[]) =>
    client.setQueryData<MapRow>(key, (map) => (map ? { ...map, pins: change(map.pins ?? []) } : map));

  const createPin = useMutation<PinRow, ApiError, CreatePinBody>({
    mutationFn: (body) =>
      apiFetch<PinRow>(`${mapPath(eventId, mapId)}/pins`, {
        method: 'POST',
        body,
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: (pin) => {
      setPins((pins) => [...pins, pin]);
      void refreshLists();
    },
  });
  const updatePin = useMutation<
    PinRow,
    ApiError,
    { id: string; body: UpdatePinBody },
    { before: MapRow | undefined }
  >({
    mutationFn: ({ id, body }) =>
      apiFetch<PinRow>(`${mapPath(eventId, mapId)}/pins/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }),
    onMutate: async ({ id, body }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<MapRow>(key);
      if (body.x !== undefined && body.y !== undefined)
        setPins((pins) => pins.map((p) => (p.id === id ? { ...p, x: body.x!, y: body.y! } : p)));
      return { before };
    },
    onError: (_error, _vars, context) => context?.before && client.setQueryData(key, context.before),
    onSuccess: (pin) => {
      setPins((pins) => pins.map((p) => (p.id === pin.id ? pin : p)));
      void refreshLists();
    },
  });
  const deletePin = useMutation<void, ApiError, string>({
    mutationFn: (id) =>
      apiFetch<void>(`${mapPath(eventId, mapId)}/pins/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      setPins((pins) => pins.filter((p) => p.id !== id));
      void refreshLists();
    },
  });
  /** The plan's size once the browser knows it (a PDF's first page): stored so others need not render it to know. */
  const saveSize = useMutation<MapRow, ApiError, { width: number; height: number }>({
    mutationFn: (body) => apiFetch<MapRow>(mapPath(eventId, mapId), { method: 'PATCH', body }),
    onSuccess: (map) =>
      client.setQueryData<MapRow>(key, (old) =>
        old ? { ...old, width: map.width, height: map.height } : old,
      ),
  });
  const refreshMap = () => client.invalidateQueries({ queryKey: key });
  return { createPin, updatePin, deletePin, saveSize, refreshMap, refreshLists };
}

export type MapChanges = ReturnType<typeof useMapChanges>;
