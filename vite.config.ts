/// <reference types="vitest/config" />
import { existsSync } from 'node:fs'

import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import type { ManifestOptions, VitePWAOptions } from 'vite-plugin-pwa'

import { contentSecurityPolicy, securityHeaders } from './scripts/contentSecurityPolicy.ts'
import type { NetworkEnv } from './src/shared/networks.ts'

/**
 * The Content-Security-Policy of a build: a meta tag first in index.html, and `_headers` beside it
 * for hosts that read one (the header also covers the worker, which a meta tag does not).
 */
function securityPolicy(env: NetworkEnv): Plugin {
  const headers = Object.entries(securityHeaders(env))
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: {
          'http-equiv': 'Content-Security-Policy',
          content: contentSecurityPolicy(env, true),
        },
        injectTo: 'head-prepend',
      },
    ],
    generateBundle() {
      const lines = headers.map(([name, value]) => `  ${name}: ${value}`)
      this.emitFile({ type: 'asset', fileName: '_headers', source: `/*\n${lines.join('\n')}\n` })
    },
  }
}

/**
 * The web app manifest: what the browser needs to offer installation (name, icons 192/512 and a
 * maskable one, standalone display, a start URL in scope) and what its install sheet shows
 * (description, screenshots for wide and narrow screens).
 */
function webManifest(): Partial<ManifestOptions> {
  return {
    id: '/',
    scope: '/',
    start_url: '/',
    name: 'XRPL NFT Manager',
    short_name: 'NFT Manager',
    description: 'Manage your XRP Ledger NFTs in bulk: airdrops, offers, listing and burning.',
    // The dark theme's colours; index.html gives the light theme its own theme-color.
    theme_color: '#0f172a',
    background_color: '#0f172a',
    display: 'standalone',
    orientation: 'any',
    categories: ['finance', 'utilities'],
    icons: [
      { src: 'pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    screenshots: [
      {
        src: 'screenshots/wide.png',
        sizes: '1280x800',
        type: 'image/png',
        form_factor: 'wide',
        label: 'The NFT collection and the Airdrop tab on a desktop',
      },
      {
        src: 'screenshots/narrow.png',
        sizes: '412x915',
        type: 'image/png',
        form_factor: 'narrow',
        label: 'The NFT collection on a phone',
      },
    ],
  }
}

/** One runtime caching rule of the service worker. */
type RuntimeCaching = NonNullable<NonNullable<VitePWAOptions['workbox']>['runtimeCaching']>[number]

/**
 * NFT pictures, cached by the service worker as they are shown, so the collection keeps its images
 * offline. Cross-origin <img> loads come back opaque (status 0), which is cached too. Bounded: at most
 * 300 pictures for 30 days, the oldest dropped first; all of it when the browser's quota runs out.
 */
function nftImageCache(): RuntimeCaching {
  return {
    urlPattern: ({ request, sameOrigin }) => request.destination === 'image' && !sameOrigin,
    handler: 'CacheFirst',
    options: {
      cacheName: 'nft-images',
      expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
      cacheableResponse: { statuses: [0, 200] },
    },
  }
}

/**
 * One chunk for what every screen needs (React, Dexie, valtio, Comlink, the session, network and
 * collection state, the database schema and the shared helpers). Left to itself the bundler cut it
 * into eight small chunks, one per set of importers, which compressed worse and cost a request each.
 * A module matched here that only a tab uses merely lands in the first download; one missed lands in
 * a chunk of its own: neither breaks anything (bench suite `bundle` shows the sizes).
 */
function firstScreenChunk() {
  const packages = ['react', 'react-dom', 'scheduler', 'dexie', 'dexie-react-hooks', 'valtio']
  const state = ['session', 'ui', 'network', 'selection', 'runner', 'viewPace', 'install']
  const sources = [
    ...[...packages, 'proxy-compare', 'comlink'].map((name) => `/node_modules/${name}/`),
    ...[...state, 'actionGate', 'blockReasons'].map((name) => `/src/app/state/${name}.ts`),
    ...['collectionState', 'filtersState'].map((name) => `/src/app/collection/${name}.ts`),
    ...['useJobs', 'jobStatus', 'useJobEnd'].map((name) => `/src/app/jobs/${name}.ts`),
    '/src/app/engine.ts',
    '/src/db/',
    '/src/shared/',
  ]
  // A module moved or renamed would silently leave the first screen's chunk: the build stops instead.
  const gone = sources.filter(
    (source) => source.endsWith('.ts') && !existsSync(new URL(`.${source}`, import.meta.url)),
  )
  if (gone.length > 0)
    throw new Error(`firstScreenChunk() names missing modules: ${gone.join(', ')}`)
  // Shared code only the tabs use: left to their chunks, it keeps the first screen lean.
  const tabsOnly = [
    '/src/shared/currency.ts',
    '/src/shared/intents.ts',
    // The wallet menu's: the secret numbers' check and the external wallets' table.
    '/src/shared/secretNumbers.ts',
    '/src/shared/wallets.ts',
  ]
  return {
    name: 'first-screen',
    test: (id: string) => {
      const path = id.replaceAll('\\', '/')
      if (tabsOnly.some((module) => path.endsWith(module))) return false
      return sources.some((source) => path.includes(source))
    },
  }
}

// The app, its module worker (the ledger engine) and the service worker. Test projects live here too so
// `vitest --project unit|integration` share one resolver with the app build.
export default defineConfig(({ command, mode, isPreview }) => {
  const env: NetworkEnv = {
    ...loadEnv(mode, process.cwd(), 'VITE_'),
    MODE: mode,
    DEV: command === 'serve' && !isPreview,
  }
  return {
    plugins: [
      react(),
      securityPolicy(env),
      VitePWA({
        registerType: 'prompt',
        // The icons and the favicon are precached through globPatterns (listing them here too put
        // them in the precache twice).
        includeAssets: [],
        includeManifestIcons: false,
        manifest: webManifest(),
        workbox: {
          // The xrpl WASM (confidential tokens) is never loaded by signing or Client: keep it out.
          globPatterns: ['**/*.{js,css,html,ico,png,svg,woff2}'],
          // Nor its JavaScript glue (mpt_crypto), which only that WASM needs.
          globIgnores: ['**/*.wasm', '**/mpt_crypto*', 'screenshots/**'],
          navigateFallback: 'index.html',
          cleanupOutdatedCaches: true,
          runtimeCaching: [nftImageCache()],
        },
      }),
    ],
    worker: { format: 'es' },
    // The dev server scans index.html for dependencies to pre-bundle, but not the module worker it
    // starts: without the worker as an entry, its dependencies (dexie, papaparse, …) were found at
    // first use and the page reloaded under the user ('optimized dependencies changed').
    optimizeDeps: {
      entries: ['index.html', 'src/worker/index.ts'],
      include: ['xrpl', 'comlink'],
    },
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    // `vite preview` sends the build's security headers, as a host should (see README).
    preview: { host: '127.0.0.1', port: 4173, strictPort: true, headers: securityHeaders(env) },
    build: {
      target: 'es2022',
      chunkSizeWarningLimit: 1200,
      rolldownOptions: { output: { advancedChunks: { groups: [firstScreenChunk()] } } },
    },
    test: {
      // Most of an integration test's time is spent waiting for the sandbox to close ledgers, not
      // computing: three files at a time overlap those waits. (Vitest's default on a 2-core CI
      // machine would be one file at a time. Set here, not per project: projects with different
      // worker counts would need an order of their own.)
      maxWorkers: 3,
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.ts'],
            environment: 'node',
          },
        },
        {
          extends: true,
          test: {
            name: 'integration',
            include: ['tests/integration/**/*.test.ts'],
            environment: 'node',
            setupFiles: ['tests/helpers/setupIndexedDb.ts'],
            testTimeout: 60_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  }
})
