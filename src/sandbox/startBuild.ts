/**
 * The production build `npm start` serves (dist-start/), made again only when what it is made from
 * changed: the app's sources and assets, the build's settings and packages, and the sandbox it is
 * pointed at. A fingerprint of all of them is kept beside the build; reading it takes a fraction of
 * a second, a build tens of seconds.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** The build's folder, under the repository's root. */
export const START_OUT_DIR = 'dist-start'

/** What the build is made from: folders read whole, files, and the settings that reach the app. */
const INPUT_DIRS = ['src', 'public', 'scripts']
const INPUT_FILES = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.app.json',
  // Build settings a developer may add (vite reads them in production mode).
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
]

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/** The fingerprint of the build's inputs and of the VITE_ settings in `env`. */
export async function inputsFingerprint(root: string, env: NodeJS.ProcessEnv): Promise<string> {
  const hash = createHash('sha256')
  const files = [
    ...(await Promise.all(INPUT_DIRS.map((dir) => filesUnder(join(root, dir))))).flat(),
    ...INPUT_FILES.map((file) => join(root, file)),
  ]
  for (const file of files) {
    hash.update(file.slice(root.length)).update('\0')
    hash.update(await readFile(file).catch(() => Buffer.from('(none)'))).update('\0')
  }
  const settings = Object.entries(env)
    .filter(([key]) => key.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b))
  hash.update(JSON.stringify(settings))
  return hash.digest('hex')
}

/**
 * Builds the app into dist-start/ unless the build there was made from the same inputs.
 *
 * @throws Error when the build fails (its output was shown).
 */
export async function buildUnlessCurrent(root: string, env: NodeJS.ProcessEnv): Promise<void> {
  const stamp = join(root, START_OUT_DIR, '.inputs')
  const fingerprint = await inputsFingerprint(root, env)
  const built = await readFile(stamp, 'utf8').catch(() => '')
  if (built === fingerprint && existsSync(join(root, START_OUT_DIR, 'index.html'))) {
    console.log('The app is built already (nothing it is built from changed).')
    return
  }
  console.log('Building the app (once; again only after a change)…')
  const code = await new Promise<number | null>((resolve) => {
    const build = spawn(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--outDir', START_OUT_DIR, '--logLevel', 'warn'],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env },
    )
    build.on('exit', resolve)
    build.on('error', () => resolve(1))
  })
  if (code !== 0) throw new Error(`The app's build failed (exit ${String(code)}): see above`)
  await writeFile(stamp, fingerprint)
}
