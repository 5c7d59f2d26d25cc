import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { CONTRACT_CORE_MODULES } from '../../packages/contract/src/core-modules.ts';
import { compileHints } from './build/compile-hints.ts';
import { deepImports } from './build/deep-imports.ts';
import { preloadLanguage } from './build/preload-language.ts';
import { slicedEvaluation } from './build/sliced-evaluation.ts';
import pkg from './package.json' with { type: 'json' };

const src = fileURLToPath(new URL('./src', import.meta.url));
/** A module of the contract's core: the `contract-core` chunk below. */
const contractCoreModule = new RegExp(
  `[\\\\/]packages[\\\\/]contract[\\\\/]src[\\\\/](${CONTRACT_CORE_MODULES.join('|')})\\.ts$`,
);

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
    deepImports(['antd-mobile', 'antd-mobile-icons'], fileURLToPath(new URL('.', import.meta.url))),
    react(),
    // English (DEFAULT_LANG) in the built page; the server swaps in its own default's pack (lang-preloads.json).
    preloadLanguage({ dir: '/src/i18n/packs/', first: 'en' }),
    paintBeforeScripts(),
    // The contract's core schemas are built in slices of a few milliseconds, not in one long task (issue 18 §2).
    slicedEvaluation({ include: contractCoreModule }),
    // Every text asset also as .br (quality 11) and .gz (level 9) beside it, which the server sends as they are
    // (@fastify/static's preCompressed): compressing per response runs brotli at a low quality, and the first route's
    // scripts came 15 % larger over the wire (vendor 110.6 KB against 94.6 KB).
    // The first load's chunks are compiled as they stream in, off the main thread (build/compile-hints.ts).
    compileHints(['rolldown-runtime', 'vendor', 'app', 'home', 'contract-core']),
    compression(),
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
        // The first route in a few files, not two dozen (issue 18 §2): over HTTP/1.1 a browser fetches six at a
        // time, so every small chunk of the first route cost another round trip before the first render. What the
        // entry imports statically goes into two chunks, the libraries every screen uses and the rest (the
        // components it renders, thanks to deepImports); lazy pages keep their own chunks.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-i18next|i18next|react-router|react-router-dom|@tanstack|zustand)[\\/]/,
              priority: 5,
            },
            { name: 'app', tags: ['$initial'], priority: 4 },
            // The home tab's page with every module it needs that the first route does not hold, in one chunk: the
            // landing screen of a signed-in start is then two requests (its script and stylesheet), not twenty in
            // four waves of six. The pages that share some of these modules (Markets, the lists) load this chunk.
            { name: 'home', test: /[\\/]src[\\/]features[\\/]home[\\/]pages[\\/]home-page\.tsx$/, priority: 1 },
            // antd-mobile's animated overlays (toast, mask, popups, dialogs, the spinning loader) and the spring and
            // gesture code they run on, in one chunk of their own: off the first route (the Toast loads after the
            // first paint) and out of the home chunk, so loading a toast or a sheet never brings the home page along.
            {
              name: 'motion',
              test: /node_modules[\\/](@react-spring|@use-gesture|antd-mobile[\\/]es[\\/]components[\\/](mask|toast|popup|center-popup|dialog|modal|action-sheet|spin-loading))[\\/]/,
              priority: 2,
            },
            // The contract's schemas and zod, off the first route (request() loads them with the call registry), in
            // two chunks below `app` (what the first route uses stays there) and above `home` (zod never lands in the
            // home chunk). `contract-core`: zod and the modules the home page and the first reads' registry need,
            // closed under their imports (CONTRACT_CORE_MODULES, checked by src/app/contract-core.test.ts);
            // `contract`: the rest, loaded by the full registry and the user socket after the first screen (issue 18
            // §2: building every schema before the home page's first render cost ~200 ms at Lighthouse's 4x).
            {
              name: 'contract-core',
              test: new RegExp(`(${contractCoreModule.source}|node_modules[\\\\/]zod[\\\\/])`),
              priority: 3,
            },
            { name: 'contract', test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, priority: 2 },
          ],
        },
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
