import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = process.env.PLENARY_API_URL ?? 'http://localhost:3000';

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
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/realtime(\/|$)/],
      },
    }),
  ],
  resolve: {
    // @mantine/notifications and @mantine/dates are installed at different patch versions, each with
    // its own @mantine/core peer: force one copy so they share the MantineProvider context.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks', '@mantine/store'],
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
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](core|hooks|store|notifications)|@floating-ui|react-remove-scroll|react-transition-group|react-number-format|react-textarea-autosize|clsx|tabbable|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es|aria-hidden)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
