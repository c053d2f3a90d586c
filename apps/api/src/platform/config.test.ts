import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'plenary-config-'));

describe('configuration', () => {
  it('has working defaults and keeps a generated JWT secret in DATA_DIR', () => {
    const dir = dataDir();
    const cfg = loadConfig({ DATA_DIR: dir });
    expect(cfg.PORT).toBe(3000);
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(cfg.JWT_SECRET);
    expect(loadConfig({ DATA_DIR: dir }).JWT_SECRET).toBe(cfg.JWT_SECRET);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a URL starting with postgres:// or postgresql://'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL: must be a URL starting with redis:// or rediss://'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'example.com' }, 'PUBLIC_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters'],
    [{ SUPERADMIN_EMAIL: 'nobody' }, 'SUPERADMIN_EMAIL: must be an e-mail address'],
    [
      { SUPERADMIN_PASSWORD: 'longbutweak' },
      'SUPERADMIN_PASSWORD: must have at least 8 characters with an uppercase letter',
    ],
    [{ STORAGE_URL: 'https://bucket.example.com' }, 'STORAGE_URL: must be a URL starting with s3://'],
    [{ STORAGE_URL: 's3://Uploads?region=eu-west-1' }, 'STORAGE_URL: "Uploads" is not a bucket name'],
    [
      { STORAGE_URL: 's3://uploads?endpoint=ftp://host&region=eu-west-1' },
      'STORAGE_URL: endpoint "ftp://host" must be an http:// or https:// URL',
    ],
    [
      { STORAGE_URL: 's3://uploads?region=eu-west-1&pathStyle=true' },
      'STORAGE_URL: unknown parameter "pathStyle"',
    ],
    [{ STORAGE_URL: 's3://uploads' }, 'STORAGE_URL: needs region=… (or AWS_REGION)'],
    [
      { STORAGE_URL: 's3://uploads?region=eu-west-1', S3_ACCESS_KEY_ID: 'key' },
      'S3_SECRET_ACCESS_KEY: must be set with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY both or neither',
    ],
  ])('refuses %o naming the variable', (env, text) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(text);
  });

  it('takes an S3 store with its region from the URL or AWS_REGION, and keys in pairs', () => {
    const url = 's3://uploads/plenary?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=true';
    expect(
      loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: url, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }),
    ).toMatchObject({ STORAGE_URL: url, S3_ACCESS_KEY_ID: 'k' });
    expect(
      loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: 's3://uploads', AWS_REGION: 'us-east-1' }).STORAGE_URL,
    ).toBe('s3://uploads');
    expect(loadConfig({ DATA_DIR: dataDir() }).STORAGE_URL).toBeUndefined();
  });

  it('treats an empty optional URL as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
