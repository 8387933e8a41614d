import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { App } from './App.tsx'
import './app.css'
import './ui/ui.css'
import { applyRecoveryOnStart } from './errors/recovery.ts'
import { keepFocusedFieldInView } from './shell/keepFocusInView.ts'
import { startFocusMemory } from './ui/focusMemory.ts'
import { startInstallHint } from './state/install.ts'
import { startNetwork } from './state/network.ts'
import { startAccountActivity } from './state/accountActivity.ts'
import { startRunnerInfo } from './state/runner.ts'
import { startSession } from './state/sessionStart.ts'

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks #root')

// Started here rather than in an effect: StrictMode runs effects twice in development. The network
// first (the engine must know it before a stored session is restored), after a recovery's cleanup.
void applyRecoveryOnStart().then(startNetwork).then(startAccountActivity).then(startSession)
startRunnerInfo()
startInstallHint()
keepFocusedFieldInView()
startFocusMemory()

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
