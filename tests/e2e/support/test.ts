/**
 * The e2e suite's `test`: Playwright's, with a guard that fails any test during which a page of the
 * app (or its worker) reported a Content-Security-Policy violation. The production build ships a
 * policy (scripts/contentSecurityPolicy.ts) and the preview server sends it as a header: whatever it
 * blocks would be broken for users, so it must never happen in a test.
 */
import { expect, test as base } from '@playwright/test'
import type { Page } from '@playwright/test'

/** Chromium's console line for a violation ("Refused to … because it violates … Content Security Policy"). */
const VIOLATION = /Content Security Policy/i

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = []
      const watch = (page: Page) => {
        // Dedicated workers' console messages arrive on their page's console event too.
        page.on('console', (message) => {
          if (VIOLATION.test(message.text())) violations.push(`${page.url()}: ${message.text()}`)
        })
      }
      context.pages().forEach(watch)
      context.on('page', watch)
      await use(violations)
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
