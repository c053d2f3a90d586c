import type {
  createInstanceSchema,
  createToolSchema,
  instanceListSchema,
  instanceResultsSchema,
  instanceSchema,
  textAnswerListSchema,
  toolResultsSchema,
  toolSchema,
  updateToolSchema,
} from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApiQuery } from '../../shared/api/query';
import type { ListAnswer } from '../../shared/list';

/** Records as the API sends them (z.input: timestamps are ISO text on the wire). */
export type ToolRow = z.input<typeof toolSchema>;
export type ToolBody = z.input<typeof createToolSchema>;
export type ToolPatch = z.input<typeof updateToolSchema>;
export type InstanceRow = z.input<typeof instanceSchema>;
export type InstanceList = z.input<typeof instanceListSchema>;
export type InstanceBody = z.input<typeof createInstanceSchema>;
export type InstanceResults = z.input<typeof instanceResultsSchema>;
export type ToolResults = z.input<typeof toolResultsSchema>;
export type TextAnswerList = z.input<typeof textAnswerListSchema>;
export interface NamedRef {
  id: string;
  name: string;
}

const enc = encodeURIComponent;
const eventPath = (eventId: string) => `events/${enc(eventId)}`;
export const toolsPath = (eventId: string) => `${eventPath(eventId)}/engagement-tools`;
export const toolPath = (eventId: string, toolId: string) => `${toolsPath(eventId)}/${enc(toolId)}`;
export const toolCopyPath = (eventId: string, toolId: string) => `${toolPath(eventId, toolId)}/copy`;
export const instancesPath = (eventId: string, toolId: string) => `${toolPath(eventId, toolId)}/instances`;
export const instancePath = (eventId: string, toolId: string, instanceId: string) =>
  `${instancesPath(eventId, toolId)}/${enc(instanceId)}`;
export const instanceStatusPath = (eventId: string, toolId: string, instanceId: string) =>
  `${instancePath(eventId, toolId, instanceId)}/status`;
export const toolResultsPath = (eventId: string, toolId: string) => `${toolPath(eventId, toolId)}/results`;
export const reportPath = (eventId: string, toolId: string, report: ReportKind) =>
  `${toolPath(eventId, toolId)}/reports/${report}`;
const moderationToolPath = (eventId: string, toolId: string, instanceId: string) =>
  `${eventPath(eventId)}/moderation/engagement-tools/${enc(toolId)}/instances/${enc(instanceId)}`;
export const instanceResultsPath = (eventId: string, toolId: string, instanceId: string) =>
  `${moderationToolPath(eventId, toolId, instanceId)}/answers/results`;
export const textAnswersPath = (eventId: string, toolId: string, instanceId: string) =>
  `${moderationToolPath(eventId, toolId, instanceId)}/text-answers`;
export const decisionsPath = (eventId: string, toolId: string, instanceId: string) =>
  `${moderationToolPath(eventId, toolId, instanceId)}/decisions`;
export const sessionsPath = (eventId: string) => `${eventPath(eventId)}/sessions`;
export const materialsPath = (eventId: string) => `${eventPath(eventId)}/materials`;

/** The four Engagement reports (spec part 9), each as CSV or XLSX. */
export const REPORT_KINDS = ['poll-results', 'qa', 'quiz-results', 'survey-results'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Console routes of the area. */
export const TOOLS_ROUTE = '/engagement';
export const NEW_TOOL_ROUTE = '/engagement/new';
export const toolRoute = (toolId: string, tab?: 'instances' | 'results') =>
  `/engagement/${enc(toolId)}${tab ? `?tab=${tab}` : ''}`;

/** Front-of-room screens (web, participant host-free routes built by the moderation screens). */
export const viewResultRoute = (eventId: string, toolId: string, instanceId: string) =>
  `/view-result/${enc(eventId)}/${enc(toolId)}/${enc(instanceId)}`;
export const qaScreenRoute = (toolId: string, instanceId: string) => `/qa/${enc(toolId)}/${enc(instanceId)}`;
export const aggregatedResultRoute = (eventId: string, toolId: string) =>
  `/view-aggregated-result/${enc(eventId)}/${enc(toolId)}`;

const ALL_BY_NAME = { limit: 1000, sort: 'name:asc' } as const;

/** Every record of a list (first 1000 by name) for a form's select. */
export function useAllOf<T>(path: string, enabled = true) {
  return useApiQuery<ListAnswer<T>>(path, ALL_BY_NAME, { enabled, meta: { silent: true } });
}

export function useTool(eventId: string, toolId: string | null) {
  return useApiQuery<ToolRow>(toolId ? toolPath(eventId, toolId) : '', undefined, {
    enabled: toolId !== null,
  });
}

export function useInstances(eventId: string, toolId: string) {
  // Instances are made and change status elsewhere too (moderators, the schedule): asked again when shown.
  return useApiQuery<InstanceList>(instancesPath(eventId, toolId), undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** After a write that changes a tool or its instances: every query under the tools path (lists, the tool, its instances and results). */
export function useRefreshTools(eventId: string) {
  const client = useQueryClient();
  const base = toolsPath(eventId);
  return () =>
    client.invalidateQueries({
      predicate: (q) => q.queryKey.some((part) => typeof part === 'string' && part.startsWith(base)),
    });
}
