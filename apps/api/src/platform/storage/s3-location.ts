/**
 * Where an S3-compatible store lives, read from `STORAGE_URL`:
 * `s3://<bucket>[/<prefix>][?endpoint=<http(s) URL>&region=<region>&forcePathStyle=true|false]`.
 * Without `endpoint` the SDK talks to AWS S3 itself. Parsed by hand rather than with `URL`,
 * which would lower-case the bucket and accept anything after it.
 */
export interface S3Location {
  bucket: string;
  /** '' or a path ending in '/': every key of this deployment starts with it. */
  prefix: string;
  endpoint?: string;
  region?: string;
  forcePathStyle: boolean;
}

const SHAPE = /^s3:\/\/([^/?#]*)(\/[^?#]*)?(?:\?([^#]*))?$/;
// AWS's rules for new buckets: 3–63 lower-case letters, digits, dots and hyphens, a letter or digit at each end.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
const REGION = /^[a-z0-9-]{1,64}$/;
const PARAMETERS = ['endpoint', 'region', 'forcePathStyle'];

/** The location, or the reason the value is not one (for the configuration error). */
export function parseS3Location(value: string): { location: S3Location } | { problem: string } {
  const match = SHAPE.exec(value);
  if (!match)
    return { problem: 'must look like s3://bucket[/prefix][?endpoint=…&region=…&forcePathStyle=true]' };
  const [, bucket = '', path = '', query = ''] = match;
  if (!BUCKET.test(bucket))
    return { problem: `"${bucket}" is not a bucket name (3–63 lower-case letters, digits, dots, hyphens)` };
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  if (
    trimmed !== '' &&
    (!PREFIX.test(trimmed) || trimmed.split('/').some((part) => part === '.' || part === '..'))
  ) {
    return { problem: `"${trimmed}" is not a key prefix (letters, digits, '.', '_', '-' between slashes)` };
  }
  const params = new URLSearchParams(query);
  const unknown = [...params.keys()].find((name) => !PARAMETERS.includes(name));
  if (unknown !== undefined)
    return { problem: `unknown parameter "${unknown}" (known: ${PARAMETERS.join(', ')})` };
  const location: S3Location = { bucket, prefix: trimmed === '' ? '' : `${trimmed}/`, forcePathStyle: false };
  const endpoint = params.get('endpoint');
  if (endpoint !== null) {
    if (!isHttpUrl(endpoint)) return { problem: `endpoint "${endpoint}" must be an http:// or https:// URL` };
    location.endpoint = endpoint;
  }
  const region = params.get('region');
  if (region !== null) {
    if (!REGION.test(region))
      return { problem: `region "${region}" must be lower-case letters, digits and hyphens` };
    location.region = region;
  }
  const pathStyle = params.get('forcePathStyle');
  if (pathStyle !== null) {
    if (pathStyle !== 'true' && pathStyle !== 'false')
      return { problem: 'forcePathStyle must be true or false' };
    location.forcePathStyle = pathStyle === 'true';
  }
  return { location };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
