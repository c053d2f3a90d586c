import { z } from 'zod';
import { errorBodySchema } from '../../platform/errors.js';

export const TAG = 'tenancy';
export const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));
export const noContent = z.null().describe('No content');
