import { z } from 'zod';
import { eventParams } from '../../platform/http.js';

export const TAG = 'engagement';
export const MODERATION_TAG = 'moderation';
export { errors, eventParams, noContent } from '../../platform/http.js';

export const toolParams = eventParams.extend({ toolId: z.uuid() });
export const instanceParams = toolParams.extend({ instanceId: z.uuid() });
/** Participant routes address an instance without its tool. */
export const participantInstanceParams = eventParams.extend({ instanceId: z.uuid() });
export const sessionParams = eventParams.extend({ sessionId: z.uuid() });
/** A Q&A question ("answer" in the spec's moderation paths). */
export const answerParams = eventParams.extend({ answerId: z.uuid() });
