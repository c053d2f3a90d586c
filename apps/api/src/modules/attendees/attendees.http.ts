import { z } from 'zod';
import { eventParams } from '../../platform/http.js';

export const TAG = 'attendees';
export { errors, eventParams, noContent } from '../../platform/http.js';

export const participantParams = eventParams.extend({ participantId: z.uuid() });
export const userParams = eventParams.extend({ userId: z.uuid() });
export const customFieldParams = eventParams.extend({ customFieldId: z.uuid() });
export const labelParams = eventParams.extend({ labelId: z.uuid() });
