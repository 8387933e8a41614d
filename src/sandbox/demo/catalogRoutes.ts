/**
 * Gateway path → answer for the demo catalogue. Paths, as an IPFS/Arweave gateway or a web host would
 * expose them:
 * - `/ipfs/<dirCid>/<n>.json`, `/ipfs/<dirCid>/img/<n>.svg|png`, `/ipfs/<dirCid>/anim/<n>.svg`
 * - `/ipfs/<itemCid>`: a bare-CID item's document
 * - `/meta/<collectionKey>/<n>.json`, `/meta/<collectionKey>/img/<n>.svg|png` (https-style hosting)
 * - `/ar/<transactionId>`: an `ar://` item's document
 */
import { DEMO_SPECS, LARGE_ROUTE_MAX, largeSpec } from './catalogCollections.ts'
import type { CollectionSpec } from './catalogCollections.ts'
import { arIdOf, dirCidOf, documentAnswer, itemCidOf, mediaAnswer } from './catalogItems.ts'
import type { GatewayAnswer } from './catalogTypes.ts'

interface CollectionRoute {
  spec: CollectionSpec
  dirCid: string
}

interface ItemRoute extends CollectionRoute {
  index: number
}

interface RouteIndex {
  byDir: Map<string, CollectionRoute>
  byKey: Map<string, CollectionRoute>
  byItemCid: Map<string, ItemRoute>
  byAr: Map<string, ItemRoute>
}

const DOCUMENT_FILE = /^([1-9]\d{0,5})\.json$/
const MEDIA_FILE = /^([1-9]\d{0,5})\.(svg|png)$/

let cached: RouteIndex | undefined

function addCollection(index: RouteIndex, spec: CollectionSpec): CollectionRoute {
  const route = { spec, dirCid: dirCidOf(spec) }
  index.byDir.set(route.dirCid, route)
  index.byKey.set(spec.key, route)
  return route
}

function addItemRoutes(index: RouteIndex, route: CollectionRoute): void {
  for (let i = 1; i <= route.spec.count; i++) {
    const style = route.spec.planAt(i)?.uriStyle
    if (style === 'cid') index.byItemCid.set(itemCidOf(route.spec, i), { ...route, index: i })
    if (style === 'ar') index.byAr.set(arIdOf(route.spec, i), { ...route, index: i })
  }
}

/** Built on first use: a gateway that never serves anything should not pay for the catalogue. */
function routeIndex(): RouteIndex {
  if (cached) return cached
  const index: RouteIndex = {
    byDir: new Map(),
    byKey: new Map(),
    byItemCid: new Map(),
    byAr: new Map(),
  }
  for (const spec of DEMO_SPECS) addItemRoutes(index, addCollection(index, spec))
  // The large collection has only directory URIs, and routes every index up to LARGE_ROUTE_MAX
  // whatever count was minted.
  addCollection(index, largeSpec(LARGE_ROUTE_MAX))
  cached = index
  return index
}

function inCollection(route: CollectionRoute | undefined, rest: string[]) {
  if (!route) return undefined
  const [first, second] = rest
  if (rest.length === 1 && first !== undefined) {
    const match = DOCUMENT_FILE.exec(first)
    return match ? documentAnswer(route.spec, route.dirCid, Number(match[1])) : undefined
  }
  if (rest.length === 2 && first !== undefined && second !== undefined) {
    const match = MEDIA_FILE.exec(second)
    return match ? mediaAnswer(route.spec, Number(match[1]), first, match[2] ?? '') : undefined
  }
  return undefined
}

function itemDocument(route: ItemRoute | undefined): GatewayAnswer | undefined {
  return route ? documentAnswer(route.spec, route.dirCid, route.index) : undefined
}

/**
 * The answer for a request path (already stripped of its query string), or undefined when the
 * catalogue has nothing there (the gateway answers 404). String bodies may contain the
 * `{gateway}` placeholder, which the server replaces with its own base URL.
 */
export function resolveGatewayPath(path: string): GatewayAnswer | undefined {
  const [empty, root, id, ...rest] = path.split('/')
  if (empty !== '' || !id) return undefined
  const index = routeIndex()
  switch (root) {
    case 'ipfs':
      return rest.length === 0
        ? itemDocument(index.byItemCid.get(id))
        : inCollection(index.byDir.get(id), rest)
    case 'meta':
      return inCollection(index.byKey.get(id), rest)
    case 'ar':
      return rest.length === 0 ? itemDocument(index.byAr.get(id)) : undefined
    default:
      return undefined
  }
}
