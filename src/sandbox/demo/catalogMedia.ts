/**
 * Images the demo gateway serves: small deterministic SVGs (one per NFT, colours from a seeded PRNG),
 * an animated SVG for `animation_url`-only items, a few real PNGs, and a script-bearing SVG for
 * hostile items (harmless in an <img>, dangerous if a client inlines it).
 */
import { encodePng } from '../gateway/png.ts'
import { intBetween, randomFor } from './catalogRandom.ts'
import type { GatewayAnswer } from './catalogTypes.ts'

const SVG_TYPE = 'image/svg+xml'
const PNG_WIDTH = 96
const PNG_HEIGHT = 72

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function palette(seedKey: string): { background: number; accent: number; x: number; y: number } {
  const random = randomFor(`image/${seedKey}`)
  return {
    background: intBetween(random, 0, 359),
    accent: intBetween(random, 0, 359),
    x: intBetween(random, 80, 320),
    y: intBetween(random, 60, 240),
  }
}

/** A 400×300 SVG card: coloured background, a disc, and `label` (e.g. '#7'). */
export function svgImage(seedKey: string, label: string): GatewayAnswer {
  const p = palette(seedKey)
  const body =
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">` +
    `<rect width="400" height="300" fill="hsl(${p.background},55%,30%)"/>` +
    `<circle cx="${p.x}" cy="${p.y}" r="70" fill="hsl(${p.accent},70%,60%)" opacity="0.8"/>` +
    `<text x="200" y="165" font-family="sans-serif" font-size="44" text-anchor="middle" ` +
    `fill="#fff">${escapeXml(label)}</text></svg>`
  return { status: 200, contentType: SVG_TYPE, body }
}

/** An animated SVG (a pulsing disc), served for `animation_url`. */
export function animatedSvg(seedKey: string, label: string): GatewayAnswer {
  const p = palette(seedKey)
  const body =
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">` +
    `<rect width="400" height="300" fill="hsl(${p.background},40%,20%)"/>` +
    `<circle cx="200" cy="150" r="60" fill="hsl(${p.accent},80%,60%)">` +
    `<animate attributeName="r" values="40;90;40" dur="2s" repeatCount="indefinite"/></circle>` +
    `<text x="200" y="165" font-family="sans-serif" font-size="40" text-anchor="middle" ` +
    `fill="#fff">${escapeXml(label)}</text></svg>`
  return { status: 200, contentType: SVG_TYPE, body }
}

/** An SVG with inline script and an onload handler: inert as <img>, live if inlined into the DOM. */
export function hostileSvg(): GatewayAnswer {
  const body =
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" onload="alert('svg onload')">` +
    `<script>alert('svg script')</script><rect width="400" height="300" fill="#800"/></svg>`
  return { status: 200, contentType: SVG_TYPE, body }
}

/** A real PNG: a diagonal two-colour gradient derived from `seedKey`. */
export function pngImage(seedKey: string): GatewayAnswer {
  const random = randomFor(`png/${seedKey}`)
  const from = [intBetween(random, 0, 255), intBetween(random, 0, 255), intBetween(random, 0, 255)]
  const to = [intBetween(random, 0, 255), intBetween(random, 0, 255), intBetween(random, 0, 255)]
  const rgb = new Uint8Array(PNG_WIDTH * PNG_HEIGHT * 3)
  for (let y = 0; y < PNG_HEIGHT; y++) {
    for (let x = 0; x < PNG_WIDTH; x++) {
      const t = (x + y) / (PNG_WIDTH + PNG_HEIGHT - 2)
      for (let c = 0; c < 3; c++) {
        rgb[(y * PNG_WIDTH + x) * 3 + c] = Math.round((from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t)
      }
    }
  }
  return { status: 200, contentType: 'image/png', body: encodePng(PNG_WIDTH, PNG_HEIGHT, rgb) }
}
