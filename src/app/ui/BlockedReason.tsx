/**
 * Why the controls beside it are disabled ('Offline: …', 'Connect to act: …'); nothing when they
 * are not. The controls point at it with `aria-describedby` where one control is meant.
 */
export function BlockedReason({ reason, id }: { reason: string | null; id?: string }) {
  if (!reason) return null
  return (
    <p className="blocked-reason" id={id} data-testid="blocked-reason">
      {reason}
    </p>
  )
}
