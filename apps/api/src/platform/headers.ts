import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Security headers on every answer (docs/SECURITY.md, section 2). Tokens live in localStorage, so an
 * injected script would own the session: the web app's HTML gets a strict Content-Security-Policy.
 */

const SHARED = ["frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'", "object-src 'none'"];

/** A Host header that can be named in a policy (anything else falls back to 'self' alone). */
const PLAIN_HOST = /^[a-z0-9.-]{1,253}(?::\d{1,5})?$/i;

/**
 * The web app: scripts only from our origin (the build emits no inline script; the PWA registers
 * from /registerSW.js). style-src needs 'unsafe-inline': Mantine writes its theme variables in a
 * <style> element at run time and style props become style attributes; style injection can not run
 * script. connect-src: the API and socket.io on our origin (ws/wss named for browsers whose 'self'
 * does not cover them). img-src data: and blob: for inline icons and rendered PDF plans; workers
 * (the service worker, pdf.js) from our origin.
 */
function webAppPolicy(host: string | undefined): string {
  const sockets = host && PLAIN_HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sockets}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    ...SHARED,
  ].join('; ');
}

/** Swagger UI: its own scripts and styles from our origin; it sets inline styles on its elements. */
const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  ...SHARED,
].join('; ');

/** JSON and other API answers are never rendered as documents. */
const API_POLICY = ["default-src 'none'", "frame-ancestors 'none'"].join('; ');

function policyFor(request: FastifyRequest, reply: FastifyReply, apiPrefix: string): string {
  const path = request.url.split('?')[0] ?? '';
  if (path === `${apiPrefix}/docs` || path.startsWith(`${apiPrefix}/docs/`)) return DOCS_POLICY;
  const type = String(reply.getHeader('content-type') ?? '');
  if (type.startsWith('text/html')) return webAppPolicy(request.headers.host);
  return path.startsWith(`${apiPrefix}/`) ? API_POLICY : webAppPolicy(request.headers.host);
}

export function installSecurityHeaders(app: FastifyInstance, apiPrefix: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    // Uploaded files are previewed in the app's own iframes (PDF materials); nothing else is ever framed.
    const path = request.url.split('?')[0] ?? '';
    reply.header('x-frame-options', path.startsWith(`${apiPrefix}/files/`) ? 'SAMEORIGIN' : 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // A route that chose its own policy keeps it (uploaded files: `default-src 'none'; sandbox`).
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', policyFor(request, reply, apiPrefix));
    return payload;
  });
}
