/** The audience editor (everyone / labels / rules) of sessions, collections and breakouts, and the rule editor it shares with labels. */
export { AudienceEditor, type AudienceEditorProps } from './AudienceEditor';
export {
  audienceDraftFrom,
  audienceErrorsFromApi,
  everyoneDraft,
  hasAudienceErrors,
  validateAudience,
  type AudienceDraft,
  type AudienceErrors,
} from './audienceForm';
export { useAudienceOptions, useAudienceReach, useAvailableFields } from './api';
export { useAudienceDraft } from './useAudienceDraft';
