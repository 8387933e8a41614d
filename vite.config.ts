/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

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
        includeAssets: ['favicon.svg'],
        manifest: {
          name: 'XRPL NFT Manager',
          short_name: 'NFT Manager',
          description:
            'Manage your XRP Ledger NFTs in bulk: airdrops, offers, listing and burning.',
          theme_color: '#0f172a',
          background_color: '#0f172a',
          display: 'standalone',
          start_url: '.',
          icons: [
            { src: 'pwa-192.png', sizes: '192x192', type: 'image/png' },
            { src: 'pwa-512.png', sizes: '512x512', type: 'image/png' },
            { src: 'pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          // The xrpl WASM (confidential tokens) is never loaded by signing or Client: keep it out.
          globPatterns: ['**/*.{js,css,html,ico,png,svg}'],
          globIgnores: ['**/*.wasm'],
          navigateFallback: 'index.html',
        },
      }),
    ],
    worker: { format: 'es' },
    optimizeDeps: { include: ['xrpl', 'comlink'] },
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    // `vite preview` sends the build's security headers, as a host should (see README).
    preview: { host: '127.0.0.1', port: 4173, strictPort: true, headers: securityHeaders(env) },
    build: { target: 'es2022', chunkSizeWarningLimit: 1200 },
    test: {
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
