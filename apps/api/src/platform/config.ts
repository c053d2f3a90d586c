import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { isStrongPassword } from '@plenary/domain';
import { parseS3Location } from './storage/s3-location.js';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must be a URL starting with ${protocols.join(' or ')}`,
    });

const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
    REDIS_URL: optionalUrl(['redis://', 'rediss://']),
    /** Uploaded files in an S3-compatible bucket (`s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true`); unset: the disk under DATA_DIR. */
    STORAGE_URL: optionalUrl(['s3://']).superRefine((value, ctx) => {
      const parsed = value === undefined ? undefined : parseS3Location(value);
      if (parsed && 'problem' in parsed) ctx.addIssue({ code: 'custom', message: parsed.problem });
    }),
    /** The bucket's keys; unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, profiles, instance roles). */
    S3_ACCESS_KEY_ID: optionalText(),
    S3_SECRET_ACCESS_KEY: optionalText(),
    /** Read by the AWS SDK itself; named here only to check that an S3 store has a region. */
    AWS_REGION: optionalText(),
    SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
    MAIL_FROM: z.string().default('Plenary <no-reply@plenary.local>'),
    PUBLIC_URL: optionalUrl(['http://', 'https://']),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(12 * 60 * 60),
    SUPERADMIN_EMAIL: z.email('must be an e-mail address').default('admin@plenary.local'),
    SUPERADMIN_PASSWORD: z
      .string()
      .refine(
        isStrongPassword,
        'must have at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character',
      )
      .default('Plenary!2026'),
    SEED_DEMO: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    WEB_DIST: z.string().optional(),
    BRANDS_FILE: z.string().optional(),
    /** Comma-separated hosts the egress client may reach although they are private (tests only). */
    EGRESS_ALLOW_HOSTS: z.string().default(''),
    /** Key of a hosted maps service (Geocoding + Time Zone APIs) for address → time zone; unset: offline data only. */
    MAPS_API_KEY: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    /** That service's base URL (tests point it at a local server). */
    MAPS_API_BASE_URL: z.string().trim().url().default('https://maps.googleapis.com'),
    /**
     * Which proxies may set X-Forwarded-For (the client IP that sign-in throttling counts):
     * 'false', 'true', or addresses/CIDRs/'loopback' separated by commas.
     */
    TRUST_PROXY: z
      .string()
      .default('loopback')
      .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Web Push VAPID keys (base64url); unset: generated once into DATA_DIR/vapid.json (platform/push.ts). */
    VAPID_PUBLIC_KEY: optionalText(),
    VAPID_PRIVATE_KEY: optionalText(),
    /** `mailto:` or `https:` contact for push services; unset: mailto: the MAIL_FROM address. */
    VAPID_SUBJECT: optionalText(),
    /** Job recovery (platform/job-recovery.ts): each process beats this often; silent for 3 beats = gone. */
    JOBS_HEARTBEAT_SECONDS: z.coerce.number().min(0.2).max(60).default(5),
  })
  .superRefine((env, ctx) => {
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'must be set with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY both or neither',
      });
    }
    const parsed = env.STORAGE_URL === undefined ? undefined : parseS3Location(env.STORAGE_URL);
    if (parsed && 'location' in parsed && !parsed.location.region && !env.AWS_REGION) {
      ctx.addIssue({ code: 'custom', path: ['STORAGE_URL'], message: 'needs region=… (or AWS_REGION)' });
    }
  });

export type Config = Omit<z.infer<typeof envSchema>, 'JWT_SECRET'> & { JWT_SECRET: string };

export class ConfigError extends Error {}

/** Reads and validates the environment; every bad value is named with its reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  const dataDir = resolve(cfg.DATA_DIR);
  return { ...cfg, DATA_DIR: dataDir, JWT_SECRET: cfg.JWT_SECRET ?? persistentSecret(dataDir) };
}

/** A secret generated once and kept in DATA_DIR, so tokens survive restarts without configuration. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function publicUrl(cfg: Config): string {
  return cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`;
}
