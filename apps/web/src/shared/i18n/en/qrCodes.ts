/** Issue 15: custom QR codes (the participant scanner's texts). */
export default {
  scan: {
    scanned: 'Scanned: {{name}}',
    scannedPoints: 'Scanned: {{name}} (+{{points}} points)',
    again: 'You have scanned this code {{count}} times.',
    refused: 'Scan refused',
    unknown: 'This is not a session or event QR code.',
  },
};
