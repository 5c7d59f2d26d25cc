import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * The page paints before its JavaScript (issue 18 §2): index.html draws the boot mark with its own inline CSS, and
 * the app's module script and its preloads are fetched at low priority, behind the document and its stylesheets,
 * so neither the first paint nor the parser waits for them.
 */
function paintBeforeScripts(): Plugin {
  return {
    name: 'nexa:paint-before-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"'),
    },
  };
}

export default defineConfig({
  // The API node serves the built app under /h5/ (routing is hash based, so only assets need the base).
  base: '/h5/',
  plugins: [
    react(),
    paintBeforeScripts(),
    // The installable app (issue 16): manifest, and a service worker that precaches the shell and the built assets
    // for fast repeat loads and an offline shell. It never caches /api/ (not precached, no runtime caching, never a
    // navigation fallback) and never sees WebSocket traffic; it waits for the user's "reload" to update.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/h5/',
        name: 'Nexa',
        short_name: 'Nexa',
        description: 'Trade digital-asset products from your phone.',
        start_url: '/h5/',
        scope: '/h5/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0b0e14',
        theme_color: '#0b0e14',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
        navigateFallback: '/h5/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // The first install controls the open page at once (later versions wait for the update prompt).
        clientsClaim: true,
        // Web Push: the notification and its tap (public/push-sw.js).
        importScripts: ['push-sw.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  resolve: {
    alias: { '@': src },
    // npm hoists react@18 to the root for @react-spring's peer range while this app uses react@19:
    // every import of react must resolve to this app's copy, or hooks break at runtime.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Keep the report honest about the first-route budget (200 KiB gzip, ARCHITECTURE §5).
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // React and the libraries every screen uses in one chunk: lazy chunks (the message centre's live updates,
        // the update prompt) then never split them into small pieces the first route must fetch one by one.
        manualChunks: (id) =>
          /node_modules\/(react|react-dom|scheduler|react-i18next|@tanstack|zustand)\//.test(id) ? 'vendor' : undefined,
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true, ws: true },
    },
  },
});
