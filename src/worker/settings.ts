/** Checks preferences that arrive from the UI before they are stored. */
import { isValidClassicAddress } from 'xrpl'

import { EngineError } from '../shared/errors.ts'
import { MAX_USER_GATEWAYS, gatewayBase } from '../shared/ipfsGateways.ts'
import { isNetworkId } from '../shared/networks.ts'
import type { AppSettings } from './api.ts'

const CHECKS: { [K in keyof AppSettings]: (v: unknown) => boolean } = {
  network: isNetworkId,
  darkMode: (v) => typeof v === 'boolean',
  hasSeenSplash: (v) => typeof v === 'boolean',
  preferredAuthMethod: (v) => v === null || v === 'seed' || v === 'regularkey',
  ipfsGateways: (v) =>
    Array.isArray(v) &&
    v.length <= MAX_USER_GATEWAYS &&
    v.every((g) => typeof g === 'string' && gatewayBase(g) !== null),
  // Only through addOwnEndpoint, which checks each server first.
  ownEndpoints: () => false,
  // Only through setOwnEndpointsAlone, which needs an own server first.
  ownEndpointsAlone: () => false,
  viewAccounts: (v) =>
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.entries(v).every(
      ([network, address]) => isNetworkId(network) && isClassicAddress(address),
    ),
}

/** A classic address (the checksum included). */
function isClassicAddress(value: unknown): boolean {
  return typeof value === 'string' && isValidClassicAddress(value)
}

/** The patch itself when every key is known and every value valid; a VALIDATION error otherwise. */
export function validateSettings(patch: Partial<AppSettings>): Partial<AppSettings> {
  for (const [key, value] of Object.entries(patch)) {
    // Own keys only: `constructor` or `toString` must not pass as settings.
    const check = Object.hasOwn(CHECKS, key) ? CHECKS[key as keyof AppSettings] : undefined
    if (!check) throw new EngineError('VALIDATION', `Unknown setting: ${key}`)
    if (!check(value)) throw new EngineError('VALIDATION', `Invalid value for setting ${key}`)
  }
  return patch
}
