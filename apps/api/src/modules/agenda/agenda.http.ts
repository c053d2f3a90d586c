import { z } from 'zod';

export const TAG = 'agenda';
export { errorResponses as errors, noContent } from '../../platform/errors.js';
export { fieldsError, parseOr400, rawQuery } from '../attendees/attendees.http.js';

export const eventParams = z.object({ eventId: z.uuid() });
export const sessionParams = eventParams.extend({ sessionId: z.uuid() });
export const attendeeParams = sessionParams.extend({ participantId: z.uuid() });
