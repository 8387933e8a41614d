import { useVirtualizer } from '@tanstack/react-virtual'
import { useId, useRef } from 'react'

import type { NftItem } from '../../db/types/nfts.ts'
import { FLOOR_MULTIPLIERS } from '../../shared/floorMultipliers.ts'
import type { FloorMultiplier } from '../../shared/floorMultipliers.ts'
import { displayName } from '../../shared/nftDisplay.ts'
import {
  feeText,
  marketplaceById,
  marketplaceOfBroker,
  marketplacesOn,
} from '../../shared/marketplaces.ts'
import { useNetworkStatus } from '../state/network.ts'
import { useCollection } from '../collection/collectionState.ts'
import {
  setFormField,
  setIndividualPrice,
  setRelist,
  useListing,
  useListingForm,
} from './listingState.ts'
import { STRATEGY_CHOICES } from './listingForm.ts'
import type { StrategyKind } from './listingForm.ts'

/** An XRP amount input (spec part 2 §5: numeric, step 0.01, minimum 0). */
function XrpInput({
  label,
  value,
  onChange,
  testId,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  testId?: string
}) {
  const id = useId()
  return (
    <div className="tab-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        value={value}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}

/**
 * The pricing strategy and its inputs (spec part 2 §2, §5), the offers' optional expiration and
 * buyer, and 'List again'.
 *
 * @param selected - the selected listable NFTs (the individual prices are typed for these).
 */
export function PricingForm({ selected }: { selected: readonly NftItem[] }) {
  const form = useListingForm()
  const { relist, busy } = useListing()
  const expirationId = useId()
  const destinationId = useId()
  const seedId = useId()
  const multiplierId = useId()
  return (
    // Nothing changes while the listing is being priced: what is reviewed is what was typed.
    <fieldset className="list-form" disabled={busy}>
      <fieldset className="list-strategies">
        <legend>Pricing strategy</legend>
        {STRATEGY_CHOICES.map((choice) =>
          choice.value === 'rarity' ? (
            <label key={choice.value} className="list-strategy list-strategy--soon">
              <input type="radio" name="strategy" disabled />
              {choice.label} <span className="list-soon">Coming Soon</span>
            </label>
          ) : (
            <label key={choice.value} className="list-strategy">
              <input
                type="radio"
                name="strategy"
                value={choice.value}
                checked={form.strategy === choice.value}
                onChange={() => setFormField('strategy', choice.value as StrategyKind)}
              />
              {choice.label}
            </label>
          ),
        )}
      </fieldset>
      {form.strategy === 'fixed' && (
        <XrpInput
          label="Price per NFT (XRP)"
          value={form.fixedXrp}
          testId="price-fixed"
          onChange={(value) => setFormField('fixedXrp', value)}
        />
      )}
      {form.strategy === 'random' && (
        <div className="list-fields">
          <XrpInput
            label="Minimum price (XRP)"
            value={form.minXrp}
            testId="price-min"
            onChange={(value) => setFormField('minXrp', value)}
          />
          <XrpInput
            label="Maximum price (XRP)"
            value={form.maxXrp}
            testId="price-max"
            onChange={(value) => setFormField('maxXrp', value)}
          />
          <div className="tab-field">
            <label htmlFor={seedId}>Seed (optional, to redo an earlier draw)</label>
            <input
              id={seedId}
              type="text"
              spellCheck={false}
              autoComplete="off"
              value={form.seed}
              onChange={(event) => setFormField('seed', event.target.value)}
            />
          </div>
        </div>
      )}
      {form.strategy === 'floor' && (
        <div className="list-fields">
          <div className="tab-field">
            <label htmlFor={multiplierId}>Price relative to the collection floor</label>
            <select
              id={multiplierId}
              value={form.multiplier}
              onChange={(event) =>
                setFormField('multiplier', event.target.value as FloorMultiplier)
              }
            >
              {FLOOR_MULTIPLIERS.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.value}× ({choice.label})
                </option>
              ))}
            </select>
          </div>
          <XrpInput
            label="Price for NFTs without a floor (XRP)"
            value={form.fixedXrp}
            testId="price-fallback"
            onChange={(value) => setFormField('fixedXrp', value)}
          />
        </div>
      )}
      {form.strategy === 'individual' && <IndividualPrices nfts={selected} />}
      <div className="list-fields">
        <div className="tab-field">
          <label htmlFor={expirationId}>Offers expire (optional)</label>
          <input
            id={expirationId}
            type="datetime-local"
            value={form.expiration}
            onChange={(event) => setFormField('expiration', event.target.value)}
          />
        </div>
        <MarketplaceField destination={form.destination} />
        <div className="tab-field">
          <label htmlFor={destinationId}>Only this buyer or broker may buy (optional)</label>
          <input
            id={destinationId}
            type="text"
            spellCheck={false}
            autoComplete="off"
            placeholder="r…"
            value={form.destination}
            onChange={(event) => setFormField('destination', event.target.value)}
          />
        </div>
      </div>
      <label className="list-check">
        <input
          type="checkbox"
          checked={relist}
          onChange={(event) => setRelist(event.target.checked)}
        />
        List again: include NFTs already on sale (their current offer is cancelled in the same job)
      </label>
    </fieldset>
  )
}

/** The marketplace picker's value for a public offer or a buyer typed below. */
const NO_MARKETPLACE = ''

/**
 * 'Sell through': a marketplace lists an NFT whose sell offer names its broker as the only buyer
 * (the broker field below is filled with it); the buyer pays the price plus the marketplace's fee.
 */
function MarketplaceField({ destination }: { destination: string }) {
  const { network } = useNetworkStatus()
  const id = useId()
  const offered = marketplacesOn(network)
  if (offered.length === 0) return null
  const current = marketplaceOfBroker(destination.trim())
  return (
    <div className="tab-field">
      <label htmlFor={id}>Sell through</label>
      <select
        id={id}
        value={current?.id ?? NO_MARKETPLACE}
        onChange={(event) =>
          setFormField('destination', marketplaceById(event.target.value)?.broker ?? '')
        }
      >
        <option value={NO_MARKETPLACE}>Anyone, or the buyer named below</option>
        {offered.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name} (buyer pays +{feeText(m)})
          </option>
        ))}
      </select>
    </div>
  )
}

/** A row's height in the individual price list. */
const PRICE_ROW_PX = 52

/**
 * One price input per selected NFT, virtualized in its own scroll box (a selection of thousands
 * renders what fits).
 */
function IndividualPrices({ nfts }: { nfts: readonly NftItem[] }) {
  const form = useListingForm()
  const { metadata } = useCollection()
  const box = useRef<HTMLDivElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: nfts.length,
    getScrollElement: () => box.current,
    estimateSize: () => PRICE_ROW_PX,
    getItemKey: (i) => nfts[i]?.nftId ?? i,
    overscan: 6,
  })
  if (nfts.length === 0) {
    return <p className="tab-muted">Select NFTs below to give each its price.</p>
  }
  return (
    <div ref={box} className="list-prices" data-testid="individual-prices">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const nft = nfts[row.index]!
          const name = displayName(nft, metadata.get(nft.nftId))
          return (
            <div
              key={row.key}
              className="list-prices__row"
              style={{ transform: `translateY(${row.start}px)`, height: PRICE_ROW_PX }}
            >
              <label htmlFor={`price-${nft.nftId}`}>{name}</label>
              <input
                id={`price-${nft.nftId}`}
                className="tab-input"
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                placeholder="XRP"
                value={form.individual[nft.nftId] ?? ''}
                onChange={(event) => setIndividualPrice(nft.nftId, event.target.value)}
              />
            </div>
          )
        })}
      </div>
    </div>
  )
}
