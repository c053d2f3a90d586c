import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) of values that must be stored but not readable from the
 * database alone, e.g. queued e-mails whose links carry one-time secrets. The key is derived from
 * the server secret (JWT_SECRET) per purpose, so a database dump without the secret opens nothing.
 */
export interface Sealer {
  seal(value: unknown): string;
  /** The sealed value, or throws when it was sealed with another secret or purpose, or altered. */
  open(sealed: string): unknown;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSealer(secret: string, purpose: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', secret, '', `plenary:${purpose}`, 32));
  return {
    seal(value) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const text = Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
      return JSON.parse(text) as unknown;
    },
  };
}
