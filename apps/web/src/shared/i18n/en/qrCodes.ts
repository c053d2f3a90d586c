/** Issue 15: custom QR codes (the participant scanner's texts). */
export default {
  scan: {
    scanned: 'Scanned: {{name}}',
    scannedPoints: 'Scanned: {{name}} (+{{points}} points)',
    again: 'You have scanned this code {{count}} times.',
    refused: 'Scan refused',
    unknown: 'This is not a session or event QR code.',
  },
  external: {
    title: 'Scan a QR code',
    intro: 'Record a scan of an event’s QR code that you scanned outside the app.',
    codeLabel: 'QR code text',
    codeHint: 'Paste the text of the code, or open this page from the code’s link.',
    invalid: 'This is not an event QR code.',
    submit: 'Record the scan',
    openEvent: 'Open the event',
    openGame: 'See my points',
  },
};
