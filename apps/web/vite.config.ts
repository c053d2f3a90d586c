import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { mantineCssCheck } from './vite.mantineCss';

const API_TARGET = process.env.PLENARY_API_URL ?? 'http://localhost:3000';

/**
 * What the participant app keeps for offline use once opened (docs/guides/participant-agenda.md):
 * the app shell is precached; these GETs are answered from the network, or from the last answer
 * when the network does not answer in time (network first); uploaded files (floor plans, opened
 * materials, photos) from the cache once fetched. Console data is never cached.
 */
type RuntimeCaching = NonNullable<NonNullable<VitePWAOptions['workbox']>['runtimeCaching']>[number];
const API_CACHE_TIMEOUT_S = 4;
// urlPattern: RegExps over the whole URL (functions are copied into sw.js as source, without their closures).
type CachePlugin = NonNullable<NonNullable<RuntimeCaching['options']>['plugins']>[number];
/**
 * Marks an answer the service worker gives from its cache (offline, or the network too slow), so the
 * app never lets such a copy replace data it already holds (shared/offline/cacheCopy.ts: after an
 * enroll, a slow refetch must not bring back the pre-enroll copy). The header name is written out:
 * no closures in sw.js.
 */
const markCacheCopies: CachePlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set('x-plenary-cache-copy', '1');
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};
const networkFirst = (cacheName: string, urlPattern: RegExp): RuntimeCaching => ({
  urlPattern,
  method: 'GET',
  handler: 'NetworkFirst',
  options: {
    cacheName,
    networkTimeoutSeconds: API_CACHE_TIMEOUT_S,
    cacheableResponse: { statuses: [200] },
    expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
    plugins: [markCacheCopies],
  },
});
/**
 * Keeps an opened video or audio file (up to 25 MB) for offline use. A player first asks for `Range: bytes=0-`,
 * which the API answers with the whole file as a 206 — an answer the Cache API refuses to store.
 * That answer is stored as the 200 it amounts to and still handed to the player as its 206; later
 * ranges are cut from the stored file (rangeRequests). Partial answers (a seek before the file is
 * stored, Safari's two-byte probe) pass through uncached. No closures: copied into sw.js as source.
 */
const wholeFileRanges: CachePlugin = {
  fetchDidSucceed: async ({ response, state }) => {
    const contentRange = response.headers.get('content-range') ?? '';
    const whole = /^bytes 0-(\d+)\/(\d+)$/.exec(contentRange);
    if (response.status !== 206 || !whole || Number(whole[1]) + 1 !== Number(whole[2])) return response;
    // Storing a file reads all of it: larger media (over 25 MB) stream as the player asks and are
    // not kept offline, so a glance at a long video does not cost the whole file on mobile data.
    if (Number(whole[2]) > 25 * 1024 * 1024) return response;
    if (state) state.contentRange = contentRange;
    const headers = new Headers(response.headers);
    headers.delete('content-range');
    return new Response(response.body, { status: 200, statusText: 'OK', headers });
  },
  handlerWillRespond: async ({ response, state }) => {
    const contentRange: unknown = state?.contentRange;
    if (typeof contentRange !== 'string' || response.status !== 200) return response;
    const headers = new Headers(response.headers);
    headers.set('content-range', contentRange);
    return new Response(response.body, { status: 206, statusText: 'Partial Content', headers });
  },
};
const participantOfflineCaching: RuntimeCaching[] = [
  // The brand and one's events: the app shell needs them to start.
  networkFirst('plenary-app', /^https?:\/\/[^/]+\/api\/v1\/(brand|users\/[^/]+\/events)(\?|$)/),
  // Agenda, My Agenda, a session, upcoming sessions, the agenda's filters.
  networkFirst(
    'plenary-agenda',
    /^https?:\/\/[^/]+\/api\/v1\/events\/[^/]+\/sessions\/v2\/[^/?]+(\/view)?(\?|$)/,
  ),
  // The participant's maps and materials lists, one map with its pins, one material, one location (not the console's list pages).
  networkFirst(
    'plenary-content',
    /^https?:\/\/[^/]+\/api\/v1\/events\/[^/]+\/((interactive-maps|materials|locations)\/[^/?]+|(interactive-maps|materials)\?limit=300&sort=name%3Aasc)$/,
  ),
  {
    urlPattern: /^https?:\/\/[^/]+\/api\/v1\/files\//,
    method: 'GET',
    handler: 'CacheFirst',
    options: {
      cacheName: 'plenary-files',
      cacheableResponse: { statuses: [200] },
      // A cached video or audio file answers the player's ranges (seeking), offline too.
      rangeRequests: true,
      plugins: [wholeFileRanges],
      expiration: { maxEntries: 100, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
    },
  },
];

/**
 * Brotli and gzip copies of the built text files (`x.js.br`, `x.js.gz`) beside them, which the API
 * serves to browsers that accept them (@fastify/static `preCompressed`): a phone on a slow network
 * downloads a fifth of the bytes (Lighthouse "Enable text compression").
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'plenary-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // closeBundle: after vite-plugin-pwa wrote sw.js and the manifest.
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of walk(outDir)) {
          if (!/\.(js|mjs|css|html|svg|json|webmanifest)$/.test(file) || statSync(file).size < 1024) continue;
          const data = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: data.length > 256_000 ? 9 : 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      includeAssets: ['brands/**/*.svg'],
      manifest: {
        name: 'Plenary',
        short_name: 'Plenary',
        description: 'Events, agenda and networking in one place.',
        start_url: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#4338ca',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/brands/plenary/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        navigateFallback: 'index.html',
        // Uploaded files (a material's PDF opens in a frame, which is a navigation) are files, not app routes.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/realtime(\/|$)/],
        runtimeCaching: participantOfflineCaching,
        // Web Push: show notifications, open their page on click, re-subscribe (public/push-sw.js).
        importScripts: ['push-sw.js'],
      },
    }),
    precompress(),
    mantineCssCheck(),
  ],
  resolve: {
    // @mantine/notifications and @mantine/dates are installed at different patch versions, each with
    // its own @mantine/core peer: force one copy so they share the MantineProvider context.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks', '@mantine/store'],
    // zod without its eval probe and compiled parsers, before any schema is built (src/zod-browser.ts).
    alias: [{ find: /^zod$/, replacement: resolve(import.meta.dirname, 'src/zod-browser.ts') }],
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/realtime': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/realtime': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: an app deploy does not invalidate the framework in browsers' caches.
        // Mantine is not grouped by name: such a group put every component any screen uses (426 KB)
        // into the start-up. The libraries the start-up needs (`$initial`: statically imported from the
        // entry) form one chunk instead of a dozen small ones a phone would fetch in rounds.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 20,
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
});
