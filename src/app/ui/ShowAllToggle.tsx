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
