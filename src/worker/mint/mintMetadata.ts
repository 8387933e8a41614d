/**
 * A mint's metadata, checked before anything is signed (issue 46): every URI of a manifest read as
 * the collection reads its NFTs' (collection/metadata: the same resolver, limits, gateway pool and
 * normaliser), and said of each what a card would show, what is missing, and whether anything
 * serves it. A URI nothing serves blocks its row: the NFT would show nothing, for good unless it was
 * minted mutable.
 */
import type { MetadataProblem, MetadataRow } from '../../db/types/metadata.ts'
import { MAX_JOB_ITEMS } from '../../shared/constants.ts'
import { EngineError } from '../../shared/errors.ts'
import type { MintCheckProgress, MintMetadataReport, MintUriCheck } from '../contract/mint.ts'
import type { ProgressListener } from '../contract/progress.ts'
import { throttledProgress } from '../progress.ts'
import type { UriRead } from '../jobs/jobKind.ts'

/** Why a URI serves nothing usable, in words. */
const PROBLEM_WORDS: Record<MetadataProblem, string> = {
  'no-uri': 'it is empty',
  'unsupported-uri':
    'it is not an address any gateway or host can serve (ipfs://, ar://, https://)',
  'http-error': 'every gateway or host answered with an error',
  timeout: 'no gateway or host answered in time',
  'too-large': 'its document is larger than wallets and marketplaces read',
  'not-json': 'it serves something that is not a JSON metadata document',
  network: 'no gateway or host could be reached',
}

/** What one URI's read says for a mint. */
export function uriCheck(uri: string, row: MetadataRow): MintUriCheck {
  if (row.status === 'failed') {
    const why = PROBLEM_WORDS[row.problem ?? 'network']
    return {
      uri,
      verdict: 'unserved',
      problems: [`nothing serves this URI: ${why}`],
      name: null,
      image: null,
      attributes: 0,
    }
  }
  const problems = [
    ...(row.name ? [] : ['The document has no name']),
    ...(row.image || row.animation ? [] : ['The document names no picture or media']),
  ]
  return {
    uri,
    verdict: problems.length ? 'incomplete' : 'ok',
    problems,
    name: row.name,
    image: row.image,
    attributes: row.attributes.length,
  }
}

/**
 * Checks the URIs (see EngineApi.checkMintMetadata), each once however often it is listed.
 *
 * @throws EngineError `VALIDATION` for a list that is not URIs, or longer than a job.
 */
export async function checkMintUris(
  read: UriRead,
  uris: unknown,
  onProgress?: ProgressListener<MintCheckProgress>,
): Promise<MintMetadataReport> {
  if (!Array.isArray(uris) || !uris.every((u): u is string => typeof u === 'string')) {
    throw new EngineError('VALIDATION', 'The URIs to check must be a list of text')
  }
  if (uris.length > MAX_JOB_ITEMS) {
    throw new EngineError('VALIDATION', `At most ${MAX_JOB_ITEMS} URIs are checked at once`)
  }
  const distinct = [...new Set(uris.map((u) => u.trim()))]
  const progress: MintCheckProgress = { total: distinct.length, checked: 0, unserved: 0 }
  const reporter = throttledProgress(onProgress)
  const byUri = new Map<string, MintUriCheck>()
  try {
    reporter.report({ ...progress })
    await read(distinct, (uri, row) => {
      const check = uriCheck(uri, row)
      byUri.set(uri, check)
      progress.checked++
      if (check.verdict === 'unserved') progress.unserved++
      reporter.report({ ...progress })
    })
  } finally {
    reporter.finish({ ...progress })
  }
  const checks = uris.map((u) => byUri.get(u.trim())!)
  const count = (verdict: MintUriCheck['verdict']) =>
    checks.filter((c) => c.verdict === verdict).length
  return { checks, ok: count('ok'), incomplete: count('incomplete'), unserved: count('unserved') }
}

/** The URIs nothing serves, each with why (a plan leaves their rows out). */
export async function unservedUris(read: UriRead, uris: string[]): Promise<Map<string, string>> {
  const report = await checkMintUris(read, uris)
  return new Map(
    report.checks.filter((c) => c.verdict === 'unserved').map((c) => [c.uri, c.problems[0]!]),
  )
}
