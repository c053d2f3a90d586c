import { z } from 'zod';
import { MESSAGES } from '../messages.js';

/** Spec part 3: custom-field data types. */
export const DATA_TYPES = [
  'STRING',
  'BOOLEAN',
  'DATE',
  'NUMBER',
  'CURRENCY',
  'TIME',
  'PROFILE_LINK',
  'ENUM',
] as const;
export type DataType = (typeof DATA_TYPES)[number];
export const dataTypeSchema = z.enum(DATA_TYPES);

/** 'Free Text', 'Y/N' and ENUM's 'single or multi select' come from the spec; the rest are plain names. */
export const DATA_TYPE_LABELS: Record<DataType, string> = {
  STRING: 'Free Text',
  BOOLEAN: 'Y/N',
  DATE: 'Date',
  NUMBER: 'Number',
  CURRENCY: 'Currency',
  TIME: 'Time',
  PROFILE_LINK: 'Profile Link',
  ENUM: 'Single or Multi Select',
};

/** Spec part 3: custom-field settings. */
export const customFieldSettingsSchema = z.object({
  required: z.boolean().default(false),
  isCustomField: z.boolean().default(true),
  isEnumMultiple: z.boolean().default(false),
  enumValues: z.array(z.string().trim().min(1, MESSAGES.required)).default([]),
  /** A built-in profile field with its own handling (e.g. first name); not user-deletable. */
  special: z.boolean().default(false),
});
export type CustomFieldSettings = z.infer<typeof customFieldSettingsSchema>;

/** Spec part 5: dynamic form values say 'Please select value' for enums, 'Please enter value' otherwise. */
export function dynamicValueMessage(type: DataType): string {
  return type === 'ENUM' ? MESSAGES.pleaseSelectValue : MESSAGES.pleaseEnterValue;
}
