/**
 * A check of URIs' metadata (EngineApi.checkMintMetadata), as the Mint tab runs it for a mint's
 * rows, a reveal's new URIs and a repair's: its progress while it reads, then what it found. One
 * state per use, so a reveal's check never shows as a mint's.
 */
import { proxy as comlinkProxy } from 'comlink'
import { proxy, ref, useSnapshot } from 'valtio'

import { errorMessage } from '../../shared/errors.ts'
import type { MintCheckProgress, MintMetadataReport } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { walletSignal } from '../state/session.ts'

/** One check's state. */
export interface UriCheck {
  checking: boolean
  progress: MintCheckProgress | null
  report: MintMetadataReport | null
  error: string | null
  /** Which list the report is about (see runUriCheck's `key`): a report of another is stale. */
  key: string | null
}

/** A fresh check state (a valtio proxy). */
export function newUriCheck(): UriCheck {
  return proxy<UriCheck>(emptyCheck())
}

function emptyCheck(): UriCheck {
  return { checking: false, progress: null, report: null, error: null, key: null }
}

/** Forgets what a check found (its list changed). */
export function clearUriCheck(check: UriCheck): void {
  Object.assign(check, emptyCheck())
}

/**
 * Reads every URI's document through the engine's gateway pool, with progress; the answer lands
 * only if the account shown is still the one it was asked for and the list is still `key`.
 *
 * @param key - names the list (a file's name and size, a range): the report is kept with it.
 * @param current - the list's key now, read when the answer comes.
 */
export async function runUriCheck(
  check: UriCheck,
  uris: readonly string[],
  key: string,
  current: () => string | null,
): Promise<void> {
  if (check.checking) return
  const scope = walletSignal()
  Object.assign(check, { ...emptyCheck(), checking: true, key })
  const still = () => !scope.aborted && current() === key
  try {
    const report = await engine.checkMintMetadata(
      [...uris],
      comlinkProxy((progress: MintCheckProgress) => {
        if (still()) check.progress = progress
      }),
    )
    if (still()) check.report = ref(report)
  } catch (error) {
    if (still()) check.error = `The metadata could not be checked: ${errorMessage(error)}`
  } finally {
    // A check whose list was replaced meanwhile was reset with it: only its own flag is its to clear.
    if (check.key === key) check.checking = false
  }
}

/** A check's state, for rendering. */
export function useUriCheck(check: UriCheck): Readonly<UriCheck> {
  return useSnapshot(check) as Readonly<UriCheck>
}
