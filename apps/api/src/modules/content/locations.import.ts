import {
  AGENDA_IMPORT_MESSAGES,
  CONTENT_DESCRIPTION_MAX_LENGTH,
  CONTENT_NAME_MAX_LENGTH,
  isUrl,
  isWholePdf,
  locationImportConflict,
  MAP_MAX_BYTES,
  MESSAGES,
} from '@plenary/domain';
import { EgressError, egressFetch } from '../../platform/egress.js';
import type { Storage } from '../../platform/storage.js';
import { stagedValues } from '../../platform/import-tables/staged.repo.js';
import type { ImportTableDef, RowCheck } from '../../platform/import-tables/registry.js';
import { textOf, type Cell } from '../../platform/import-tables/cells.js';
import { column, errorsOf, tooLong } from '../../platform/import-tables/cells.js';
import { upsertStagedLocations } from './locations-import.repo.js';

/**
 * The spec's `Location` table (xlsx): Name, Description, Map Location Url, Pdf Map. The name finds
 * the location (any case): a known name updates it, a new one creates it; empty cells leave a value
 * as it is. A row may fill only one of Pdf Map and Map Location Url (spec part 5, its message word
 * for word). Pdf Map is the http(s) address of a PDF: verify downloads it through the egress
 * client (private addresses refused, 10 s, 20 MB, redirects checked), checks it is a whole PDF by
 * its content, and stores it in the public store as the content module stores an uploaded PDF map
 * (`locations.pdf_map_key`); commit points the location at it and removes the PDF it replaced.
 * PDFs of a discarded or re-verified import, or of a row that turned out a duplicate, are removed.
 */
export const PDF_FETCH_TIMEOUT_MS = 10_000;

const COLUMNS = [
  column('name', 'Name', {
    required: true,
    identifies: true,
    example: 'Hall A',
    description: 'Finds the location (any case): a known name updates it, a new one creates it',
  }),
  column('description', 'Description', { example: 'Ground floor, left of the entrance' }),
  column('mapLocationUrl', 'Map Location Url', {
    example: 'https://maps.example.com/?q=Hall+A',
    description: 'A link to the place on a map. Fill this or Pdf Map, not both',
  }),
  column('pdfMap', 'Pdf Map', {
    example: 'https://example.com/maps/hall-a.pdf',
    description: 'The address of a PDF map (at most 20 MB). Fill this or Map Location Url, not both',
  }),
];

async function forgetKey(storage: Storage, key: unknown): Promise<void> {
  if (typeof key === 'string') await storage.delete(key);
}

export const locationsImport: ImportTableDef = {
  table: 'Location',
  keyColumn: 'name',
  duplicateMessage: AGENDA_IMPORT_MESSAGES.duplicateLocation,
  columns: async () => COLUMNS,
  async checker(ctx) {
    return {
      async check(cells: ReadonlyMap<string, Cell>): Promise<RowCheck> {
        const name = textOf(cells.get('name'));
        const description = textOf(cells.get('description'));
        const mapLocationUrl = textOf(cells.get('mapLocationUrl'));
        const pdfMap = textOf(cells.get('pdfMap'));
        const conflict = locationImportConflict({ 'Pdf Map': pdfMap, 'Map Location Url': mapLocationUrl });
        const errors = errorsOf({
          name: name === undefined ? MESSAGES.required : tooLong(name, CONTENT_NAME_MAX_LENGTH),
          description: tooLong(description, CONTENT_DESCRIPTION_MAX_LENGTH),
          mapLocationUrl:
            mapLocationUrl !== undefined && !isUrl(mapLocationUrl) ? MESSAGES.invalidUrl : undefined,
          pdfMap: conflict ?? (pdfMap !== undefined && !isUrl(pdfMap) ? MESSAGES.invalidUrl : undefined),
        });
        if (Object.keys(errors).length > 0 || name === undefined) return { ok: false, errors };
        const data: Record<string, unknown> = { name };
        if (description !== undefined) data.description = description;
        if (mapLocationUrl !== undefined) data.mapLocationUrl = mapLocationUrl;
        if (pdfMap !== undefined) {
          try {
            const fetched = await egressFetch(pdfMap, ctx.config, {
              maxBytes: MAP_MAX_BYTES,
              timeoutMs: PDF_FETCH_TIMEOUT_MS,
            });
            if (!isWholePdf(fetched.bytes))
              return { ok: false, errors: { pdfMap: AGENDA_IMPORT_MESSAGES.pdfMapNotPdf } };
            data.pdfMapKey = await ctx.storage.put(fetched.bytes, 'application/pdf');
          } catch (err) {
            if (err instanceof EgressError)
              return {
                ok: false,
                errors: {
                  pdfMap:
                    err.kind === 'refused'
                      ? AGENDA_IMPORT_MESSAGES.pdfMapRefused
                      : AGENDA_IMPORT_MESSAGES.pdfMapFetch,
                },
              };
            throw err;
          }
        }
        return { ok: true, key: name.toLowerCase(), data };
      },
      release: (verdict) => forgetKey(ctx.storage, verdict.data.pdfMapKey),
    };
  },
  async commit(tx, ctx) {
    const result = await upsertStagedLocations(tx, ctx.eventId, ctx.importId, ctx.actor);
    replaced.set(ctx.importId, result.oldKeys ?? []);
    return { created: result.created, updated: result.updated };
  },
  async afterCommit(ctx) {
    const keys = replaced.get(ctx.importId) ?? [];
    replaced.delete(ctx.importId);
    for (const key of keys) await ctx.storage.delete(key);
  },
  async discardStaged(db, ctx) {
    for (const key of await stagedValues(db, ctx.importId, 'pdfMapKey')) await ctx.storage.delete(key);
  },
};

/** PDF maps a commit replaced, removed once the commit is durable (same process, right after). */
const replaced = new Map<string, string[]>();
