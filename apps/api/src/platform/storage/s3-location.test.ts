import { describe, expect, it } from 'vitest';
import { parseS3Location } from './s3-location.js';

describe('STORAGE_URL', () => {
  it('reads bucket, prefix, endpoint, region and path style', () => {
    expect(
      parseS3Location(
        's3://my.bucket-1/a/b/?endpoint=https://s3.example.com:9000&region=eu-central-1&forcePathStyle=true',
      ),
    ).toEqual({
      location: {
        bucket: 'my.bucket-1',
        prefix: 'a/b/',
        endpoint: 'https://s3.example.com:9000',
        region: 'eu-central-1',
        forcePathStyle: true,
      },
    });
    expect(parseS3Location('s3://uploads')).toEqual({
      location: { bucket: 'uploads', prefix: '', forcePathStyle: false },
    });
    expect(parseS3Location('s3://uploads/?forcePathStyle=false')).toEqual({
      location: { bucket: 'uploads', prefix: '', forcePathStyle: false },
    });
  });

  it.each([
    ['s3:/uploads', 'must look like s3://bucket'],
    ['s3://', 'is not a bucket name'],
    ['s3://ab', 'is not a bucket name'],
    ['s3://-uploads', 'is not a bucket name'],
    ['s3://up_loads', 'is not a bucket name'],
    ['s3://uploads/../other', 'is not a key prefix'],
    ['s3://uploads/a b', 'is not a key prefix'],
    ['s3://uploads?endpoint=not a url', 'must be an http:// or https:// URL'],
    ['s3://uploads?region=EU', 'region "EU"'],
    ['s3://uploads?forcePathStyle=yes', 'forcePathStyle must be true or false'],
    ['s3://uploads?bucket=other', 'unknown parameter "bucket"'],
    ['s3://uploads#x', 'must look like s3://bucket'],
  ])('refuses %s with the reason', (value, reason) => {
    const parsed = parseS3Location(value);
    expect('problem' in parsed && parsed.problem).toContain(reason);
  });
});
