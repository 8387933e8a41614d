/**
 * The worker entry: exposes one Engine's facade (its EngineApi methods, nothing else) through Comlink
 * and does nothing else, so that tests can import the engine itself in Node.
 */
import { expose } from 'comlink'

import '../shared/comlink.ts'
import { Engine } from './engine.ts'
import { engineFacade } from './facade.ts'

// Only inside a worker: importing this file anywhere else must not try to talk to a parent.
if (typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope) {
  expose(engineFacade(new Engine()))
}
