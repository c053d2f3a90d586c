import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { activityRoutes } from './activity.routes.js';
import { bulkActionRoutes } from './bulk-actions.routes.js';
import { customFieldRoutes } from './custom-fields.routes.js';
import { fileRoutes } from './files.routes.js';
import { invitationRoutes } from './invitations.routes.js';
import { labelRoutes } from './labels.routes.js';
import { magicLinkRoutes } from './magic-links.routes.js';
import { participantRoutes } from './participants.routes.js';
import { PHOTO_MAX_BYTES } from './photos.service.js';
import { photoRoutes } from './photos.routes.js';

export {
  importFieldsOf,
  upsertParticipants,
  upsertStagedParticipants,
  validateParticipantRow,
  UPSERT_BATCH_SIZE,
  type UpsertActor,
  type UpsertResult,
} from './participants.import.js';
export { createLabel, recomputeRuleLabels } from './labels.service.js';
/** For the demo seed: the services behind the custom-field and photo routes. */
export { createCustomField } from './custom-fields.service.js';
export { setPhoto } from './photos.service.js';
/** For the activity feed: its images are checked and re-encoded like photos. */
export { processPhoto } from './photos.service.js';
export { inviteInTransaction, type Invitee } from './invitations.service.js';
/** For the agenda: audiences read custom fields and labels; removal gives up session places first. */
export { asDefs, listFields } from './custom-fields.repo.js';
export { labelCondition } from './labels.service.js';
export { setParticipantRemoval, type ParticipantRemoval } from './participant-removal.js';
/** For content: whose audiences apply to a member. */
export { participantIdOfUser } from './participants.repo.js';

/** For the data import (registered by modules/index.ts): the User and Photo tables. */
export { participantsImport } from './participants.import-table.js';
export { photosImport } from './photos.import.js';

/**
 * Attendees: participants, custom fields, labels, magic links, photos (and the stored-files route).
 * For the data import: `upsertParticipants`, `validateParticipantRow`, `importFieldsOf` above.
 */
export const attendeesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 20 },
    });
    participantRoutes(app, deps);
    photoRoutes(app, deps);
    activityRoutes(app, deps);
    customFieldRoutes(app, deps);
    labelRoutes(app, deps);
    magicLinkRoutes(app, deps);
    bulkActionRoutes(app, deps);
    invitationRoutes(app, deps);
    fileRoutes(app, deps);
  };
