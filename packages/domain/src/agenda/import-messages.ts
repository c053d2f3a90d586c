/**
 * Texts of the agenda imports (Session, SessionUser, Location) that the spec does not quote (ours).
 * The spec's own — the location conflict, 'Required field', 'Please select value', the date and
 * time messages — come from MESSAGES; 'This session is full' and the unknown-name texts from
 * AGENDA_MESSAGES.
 */
export const AGENDA_IMPORT_MESSAGES = {
  duplicateLocation: (firstRow: number | string) => `This location already appears in row ${firstRow}`,
  duplicateSession: (firstRow: number | string) => `This session already appears in row ${firstRow}`,
  duplicateEnrollment: (firstRow: number | string) =>
    `This participant and session already appear in row ${firstRow}`,
  pdfMapFetch: 'The PDF map could not be downloaded from this address',
  pdfMapRefused: 'This address cannot be used to download a PDF map',
  pdfMapNotPdf: 'The file at this address is not a PDF',
  yesOrNo: 'Please enter Yes or No',
  unknownSessionId: 'No session of this event has this id',
  unknownSessionName: 'No session of this event has this name',
  ambiguousSessionName:
    'Several sessions of this event have this name. Add a "Session Id" column to say which',
  unknownNames: (what: string, names: readonly string[]) => `${what}: ${names.join(', ')}`,
  breakoutHeld: 'This participant already holds another session of this breakout',
  zoneChangedSinceVerify:
    "The event's time zone changed after the file was verified, so the session times would be wrong. Nothing was imported. Please verify the file again",
} as const;
