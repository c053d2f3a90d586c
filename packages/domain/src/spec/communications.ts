import { z } from 'zod';

/** Spec part 3: a communication is a notification or an email. */
export const COMMUNICATION_KINDS = ['NOTIFICATION', 'EMAIL'] as const;
export type CommunicationKind = (typeof COMMUNICATION_KINDS)[number];
export const communicationKindSchema = z.enum(COMMUNICATION_KINDS);

/** Spec part 4. */
export const COMMUNICATION_SCHEDULES = ['NOW', 'DATE_AND_TIME'] as const;
export type CommunicationSchedule = (typeof COMMUNICATION_SCHEDULES)[number];
export const communicationScheduleSchema = z.enum(COMMUNICATION_SCHEDULES);

export const COMMUNICATION_STATUSES = ['PENDING_TO_SCHEDULE', 'SCHEDULED'] as const;
export type CommunicationStatus = (typeof COMMUNICATION_STATUSES)[number];
export const communicationStatusSchema = z.enum(COMMUNICATION_STATUSES);
