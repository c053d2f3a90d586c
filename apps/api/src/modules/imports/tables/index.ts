import { registerImportTable } from '../registry.js';
import { participantsImport } from './participants.js';
import { photosImport } from './photos.js';
import { locationsImport } from './locations.js';
import { sessionsImport } from './sessions.js';
import { sessionUsersImport } from './session-users.js';

/** The tables the import framework offers; later areas add one line each (Session, Location, …). */
export function registerTables(): void {
  registerImportTable(participantsImport);
  registerImportTable(photosImport);
  registerImportTable(locationsImport);
  registerImportTable(sessionsImport);
  registerImportTable(sessionUsersImport);
}
