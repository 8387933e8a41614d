import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { App } from './App.tsx'
import './app.css'
import { startNetwork } from './state/network.ts'

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks #root')

// Started here rather than in an effect: StrictMode runs effects twice in development.
void startNetwork()

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
