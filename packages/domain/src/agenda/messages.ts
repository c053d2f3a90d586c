/**
 * Texts of the agenda and content areas that the spec does not quote (ours). The spec's own
 * (breakout message `breakoutEnrollable`, attendance text, date/time order, the location import
 * conflict) are in MESSAGES.
 */
export const AGENDA_MESSAGES = {
  sessionFull: 'This session is full',
  alreadyEnrolled: 'You are already enrolled in this session',
  notEnrollable: 'Enrollment is not open for this session',
  notInAudience: 'This session is not available to you',
  breakoutTaken: 'You already hold a session of this breakout. Leave it first',
  sessionEnded: 'This session has ended',
  alreadyCheckedIn: 'You are already checked in',
  checkInNotEnrolled: 'Only enrolled participants can check in to this session',
  wrongEvent: 'This QR code belongs to another event',
  unknownQr: 'This QR code is not a session code',
  nameTaken: 'This name is already used in this event',
  inUse: 'It is still used. Remove it from the sessions, maps and pins that use it first',
  fileType: 'This file type is not accepted',
  fileContent: 'The file content does not match its type',
  fileTooLarge: 'The file is too large',
  mapFileType: 'A map must be a PNG or JPEG image or a PDF',
  capacityBelowEnrolled: 'Capacity cannot be lower than the number of participants already enrolled',
  unknownSpeaker: 'Unknown participant',
  unknownModerator: 'Unknown moderator',
  unknownLocation: 'Unknown location',
  unknownBreakout: 'Unknown breakout',
  /** Moving a session into (or out of) an enrollable breakout: its seats per session are fewer than the enrolled. */
  breakoutCapacityBelowEnrolled:
    'This session has more participants enrolled than the seats it would have there',
  /** Moving a session into an enrollable breakout: someone holding it already holds another session of the breakout. */
  breakoutHeldTwice: 'Some participants of this session already hold another session of this breakout',
  unknownCollection: 'Unknown collection',
  unknownMaterial: 'Unknown material',
  addressNotFound: 'We could not find a time zone for this address',
  moderatorLinkOtherSession:
    'This link is for another session. Open the link from your e-mail exactly as it is',
  notSessionModerator: 'You are not a moderator of this session. Ask the organisers for a new invitation',
} as const;

/** A session dated before or after the event (dates 'YYYY-MM-DD' in the event's zone, as the form and the import take them). */
export const sessionOutsideEventMessage = (firstDay: string, lastDay: string): string =>
  firstDay === lastDay
    ? `The session must take place on the day of the event (${firstDay})`
    : `The session must take place during the event (${firstDay} to ${lastDay})`;
