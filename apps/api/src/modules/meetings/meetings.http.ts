import { z } from 'zod';
import { eventParams } from '../../platform/http.js';

export const TAG = 'meetings';
export { errors, eventParams, noContent } from '../../platform/http.js';

export const meetingParams = eventParams.extend({ meetingId: z.uuid() });
export const intervalParams = eventParams.extend({ intervalId: z.uuid() });

export const ADMINS = 'Event admins (and the hub, organisation and super admins above).';
export const STAFF = 'Event admins and moderators.';
export const PARTICIPANTS = "The event's participants (admins and moderators who are not participants: 403).";
