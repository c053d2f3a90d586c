import { z } from 'zod';
import { eventParams } from '../../platform/http.js';

export const TAG = 'agenda';
export { errors, eventParams, noContent } from '../../platform/http.js';

export const sessionParams = eventParams.extend({ sessionId: z.uuid() });
export const attendeeParams = sessionParams.extend({ participantId: z.uuid() });
