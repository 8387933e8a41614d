/** Page-level checks and artifacts shared by the e2e specs. */
import type { Page, TestInfo } from '@playwright/test'

/** Whether the page scrolls sideways (nothing may at 375 px). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  )
}

/**
 * Saves a screenshot as a test artifact (attached to the report, kept in test-results). The viewport
 * by default: with the virtualized NFT grid the page is as tall as every card (tens of thousands of
 * pixels at 375 px), and a full-page capture of it took longer than the test may.
 */
export async function keepScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`)
  await page.screenshot({ path, fullPage: options.fullPage ?? false })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}
