export const TAG = 'tenancy';
export { errorResponses as errors, noContent } from '../../platform/errors.js';
