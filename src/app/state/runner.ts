/**
 * This tab's engine id (EngineApi.getRunnerId): a running job whose `runnerId` differs runs in another
 * tab or window of the app. Read once at start; it never changes while the tab lives.
 */
import { proxy, useSnapshot } from 'valtio'

import { logFailure } from '../../shared/errors.ts'
import { engine } from '../engine.ts'

const runnerState = proxy<{ id: string | null }>({ id: null })

/** Reads the engine's id (once, at start). */
export function startRunnerInfo(): void {
  void engine
    .getRunnerId()
    .then((id) => {
      runnerState.id = id
    })
    .catch(logFailure('reading the engine id'))
}

/** This tab's engine id; null until known. */
export function useOwnRunnerId(): string | null {
  return useSnapshot(runnerState).id
}
