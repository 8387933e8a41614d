import { clearSelection, selectMany, useSelectedIds } from '../state/selection.ts'

/**
 * A grid's two selection buttons: select every NFT the grid offers, and clear the selection (which
 * every tab shares).
 *
 * @param ids - what 'select' selects (the NFTs shown, or those that can be listed).
 */
export function SelectButtons(props: {
  ids: () => readonly string[]
  canSelect: boolean
  selectLabel: string
  clearLabel: string
}) {
  const { ids, canSelect, selectLabel, clearLabel } = props
  const selected = useSelectedIds()
  return (
    <div className="actions-row">
      <button
        type="button"
        className="button"
        disabled={!canSelect}
        onClick={() => selectMany(ids())}
      >
        {selectLabel}
      </button>
      <button
        type="button"
        className="button"
        disabled={selected.size === 0}
        onClick={() => clearSelection()}
      >
        {clearLabel}
      </button>
    </div>
  )
}
