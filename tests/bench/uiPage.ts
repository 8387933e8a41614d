/**
 * The in-page probes of the UI bench, run in Chromium through Playwright: long-task recording, the
 * keystroke-to-paint probe and the scripted scroll. Plain functions serialised into the page, so they
 * use only browser globals.
 */

/** Installed before the app loads: every long task (> 50 ms) of the main thread, as [start, ms]. */
export function recordLongTasks(): void {
  const w = window as unknown as { benchLongTasks: [number, number][] }
  w.benchLongTasks = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.benchLongTasks.push([entry.startTime, entry.duration])
  }).observe({ type: 'longtask', buffered: true })
}

/** Probe state of one keystroke: ms from keydown to the next frame, and to the results' repaint. */
export interface KeyProbe {
  t0: number | null
  paint: number | null
  result: number | null
}

/**
 * Installed once, on the name box: keydown starts the clock; the frame after it is the keystroke's
 * paint; a change of the counts line (the filtered list re-rendered) and the frame after it is the
 * result's paint.
 */
export function installKeyProbe(countsSelector: string): void {
  const w = window as unknown as { benchKey: KeyProbe }
  w.benchKey = { t0: null, paint: null, result: null }
  const afterNextPaint = (done: (ms: number) => void) =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        const t0 = w.benchKey.t0
        if (t0 !== null) done(performance.now() - t0)
      }, 0),
    )
  document.addEventListener(
    'keydown',
    () => {
      w.benchKey = { t0: performance.now(), paint: null, result: null }
      afterNextPaint((ms) => (w.benchKey.paint = ms))
    },
    true,
  )
  const counts = document.querySelector(countsSelector)
  if (!counts) throw new Error('counts line not found')
  new MutationObserver(() => {
    if (w.benchKey.t0 !== null && w.benchKey.result === null) {
      afterNextPaint((ms) => (w.benchKey.result ??= ms))
    }
  }).observe(counts, { subtree: true, characterData: true, childList: true })
}

/** Scroll figures: frame intervals during the scroll and the long tasks that overlapped it. */
export interface ScrollFigures {
  frames: number
  frameMs: number[]
  longTasks: number
  longTaskMs: number
  cardsInDom: number
}

/** Scrolls the window down by `step` px per frame for `frames` frames, timing each frame. */
export async function scriptedScroll(args: {
  frames: number
  step: number
}): Promise<ScrollFigures> {
  const w = window as unknown as { benchLongTasks: [number, number][] }
  window.scrollTo(0, 0)
  await new Promise((r) => setTimeout(r, 300))
  const start = performance.now()
  const frameMs: number[] = []
  let last = start
  for (let i = 0; i < args.frames; i++) {
    window.scrollBy(0, args.step)
    const now = await new Promise<number>((r) => requestAnimationFrame(r))
    frameMs.push(now - last)
    last = now
  }
  const end = performance.now()
  const tasks = w.benchLongTasks.filter(([s, d]) => s + d > start && s < end)
  return {
    frames: frameMs.length,
    frameMs,
    longTasks: tasks.length,
    longTaskMs: tasks.reduce((sum, [, d]) => sum + d, 0),
    cardsInDom: document.querySelectorAll('[data-testid="nft-card"]').length,
  }
}
