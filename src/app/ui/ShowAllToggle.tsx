import { useId, useState } from 'react'
import type { ReactNode } from 'react'

/**
 * 'Show all N problems' / 'Show fewer problems' under a problem list that shows only its first few
 * (a broken CSV can have thousands).
 */
export function ShowAllToggle(props: {
  open: boolean
  total: number
  listId: string
  onToggle: () => void
}) {
  const { open, total, listId, onToggle } = props
  return (
    <button
      type="button"
      className="button airdrop-link"
      aria-expanded={open}
      aria-controls={listId}
      onClick={onToggle}
    >
      {open ? 'Show fewer problems' : `Show all ${total} problems`}
    </button>
  )
}

/**
 * A list that shows its first `limit` entries, then the rest after 'Show all' (a broken CSV or a
 * big plan can have thousands).
 *
 * @param render - one entry as an `<li>`, with its key.
 */
export function CollapsedList<T>(props: {
  items: readonly T[]
  limit: number
  render: (item: T, index: number) => ReactNode
}) {
  const { items, limit, render } = props
  const [open, setOpen] = useState(false)
  const listId = useId()
  const long = items.length > limit
  const shown = open || !long ? items : items.slice(0, limit)
  return (
    <>
      <ul id={listId}>{shown.map(render)}</ul>
      {long && (
        <ShowAllToggle
          open={open}
          total={items.length}
          listId={listId}
          onToggle={() => setOpen(!open)}
        />
      )}
    </>
  )
}
