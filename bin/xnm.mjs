#!/usr/bin/env node
// The `xnm` command (package.json "bin"): the TypeScript sources run through tsx, as `npm run` scripts do.
import { register } from 'tsx/esm/api'

register()
await import('../src/cli/run.ts')
