import { ACCOUNT_MESSAGES } from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import { createMagicLinkSignIn, isRetryable, type MagicLinkAnswer, type MagicLinkSteps } from './magicLink';

const EVENT = '5b2f7a36-1c1e-4f57-9a43-0e8d2f1b7c11';
const answer: MagicLinkAnswer = { token: 'jwt', tokenData: { userId: 'u1' }, eventId: EVENT };

/** Steps that record their order; `exchange` answers from the queue (an Error is thrown). */
function recordingSteps(answers: Array<MagicLinkAnswer | Error>) {
  const calls: string[] = [];
  const steps: MagicLinkSteps = {
    endSession: async () => void calls.push('endSession'),
    begin: () => void calls.push('begin'),
    exchange: async (token) => {
      calls.push(`exchange:${token}`);
      const next = answers.shift();
      if (!next) throw new Error('no answer queued');
      if (next instanceof Error) throw next;
      return next;
    },
    succeed: (a) => void calls.push(`succeed:${a.eventId}`),
    fail: (error) => {
      calls.push('fail');
      return error instanceof Error ? error.message : 'failed';
    },
  };
  return { calls, steps };
}

describe('magic-link sign-in', () => {
  it("ends the current session before using the link, then signs in to the link's event", async () => {
    const { calls, steps } = recordingSteps([answer]);
    const outcome = await createMagicLinkSignIn(steps)('abc');
    expect(outcome).toEqual({ ok: true, eventId: EVENT });
    expect(calls).toEqual(['endSession', 'begin', 'exchange:abc', `succeed:${EVENT}`]);
  });

  it('sends a token once even when asked twice (React mounting the page twice)', async () => {
    const { calls, steps } = recordingSteps([answer, answer]);
    const signIn = createMagicLinkSignIn(steps);
    const [a, b] = await Promise.all([signIn('abc'), signIn(' abc ')]);
    expect(a).toBe(b);
    expect(calls.filter((c) => c.startsWith('exchange'))).toEqual(['exchange:abc']);
  });

  it("shows the API's message for a used or expired link and does not send it again", async () => {
    const { calls, steps } = recordingSteps([new ApiError(410, ACCOUNT_MESSAGES.linkUsed), answer]);
    const signIn = createMagicLinkSignIn(steps);
    expect(await signIn('used')).toEqual({ ok: false, message: ACCOUNT_MESSAGES.linkUsed, retryable: false });
    expect(await signIn('used')).toEqual({ ok: false, message: ACCOUNT_MESSAGES.linkUsed, retryable: false });
    expect(calls).toEqual(['endSession', 'begin', 'exchange:used', 'fail']);
  });

  it('lets a failure that may pass (offline, throttled, server) be tried again', async () => {
    const { calls, steps } = recordingSteps([new TypeError('Failed to fetch'), answer]);
    const signIn = createMagicLinkSignIn(steps);
    expect(await signIn('abc')).toMatchObject({ ok: false, retryable: true });
    expect(await signIn('abc')).toEqual({ ok: true, eventId: EVENT });
    expect(calls.filter((c) => c.startsWith('exchange'))).toHaveLength(2);
  });

  it('refuses an empty token without asking the API', async () => {
    const { calls, steps } = recordingSteps([]);
    expect(await createMagicLinkSignIn(steps)('  ')).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.linkInvalid,
      retryable: false,
    });
    expect(calls).toEqual([]);
  });
});

describe('isRetryable', () => {
  it('treats spent links and refusals as final', () => {
    expect(isRetryable(new ApiError(410, ACCOUNT_MESSAGES.linkExpired))).toBe(false);
    expect(isRetryable(new ApiError(400, 'token: Required field'))).toBe(false);
    expect(isRetryable(new ApiError(403, 'You are not authorized to access cms'))).toBe(false);
  });
  it('lets network errors, throttling and server errors be retried', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryable(new ApiError(429, 'Too many attempts'))).toBe(true);
    expect(isRetryable(new ApiError(503, 'Unavailable'))).toBe(true);
  });
});
