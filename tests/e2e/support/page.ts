/** Page-level checks and artifacts shared by the e2e specs. */
import type { Locator, Page, TestInfo } from '@playwright/test'

/** Whether the page scrolls sideways (nothing may at 375 px). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  )
}

/** Whether an element's content is wider than the element (a dialog's text running out of it). */
export async function overflowsSideways(element: Locator): Promise<boolean> {
  return await element.evaluate((node) => node.scrollWidth > node.clientWidth)
}

/**
 * The numbers inside `root` that the layout breaks across lines ('99999' on one line, '939.9' on
 * the next): a figure must be read whole. Each is found in its text node and measured by its lines.
 */
export async function numbersBrokenIn(root: Locator): Promise<string[]> {
  return await root.evaluate((element) => {
    const broken: string[] = []
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\d[\d,.]*\d/g)) {
        const range = document.createRange()
        range.setStart(node, match.index)
        range.setEnd(node, match.index + match[0].length)
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
        if (lines.size > 1) broken.push(match[0])
      }
    }
    return broken
  })
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
