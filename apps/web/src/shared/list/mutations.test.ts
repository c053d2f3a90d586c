import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { idempotencyKeyFor, retryUnanswered } from './mutations';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Idempotency-Key of create submissions', () => {
  it('one key per submitted body, the same for its retries', () => {
    const body = { name: 'Speakers' };
    const key = idempotencyKeyFor(body);
    expect(key).toMatch(UUID);
    expect(idempotencyKeyFor(body)).toBe(key);
    // The next submission builds a new body, even with the same values.
    expect(idempotencyKeyFor({ name: 'Speakers' })).not.toBe(key);
  });

  it('retries only requests that got no answer, twice at most', () => {
    const offline = new TypeError('Failed to fetch');
    expect(retryUnanswered(0, offline)).toBe(true);
    expect(retryUnanswered(1, offline)).toBe(true);
    expect(retryUnanswered(2, offline)).toBe(false);
    expect(retryUnanswered(0, new ApiError(409, 'taken'))).toBe(false);
    expect(retryUnanswered(0, new ApiError(500, 'Internal Server Error'))).toBe(false);
  });
});
