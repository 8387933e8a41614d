import { useXamanPending } from './xamanPromptState.ts'

/**
 * While a transaction waits for approval in Xaman: a notice that says so, with the request's link
 * and QR code (a phone that got no push opens it from there).
 */
export function XamanPrompt() {
  const pending = useXamanPending()
  if (!pending) return null
  return (
    <aside className="xaman-prompt" role="status" aria-label="Waiting for Xaman">
      <p>
        <strong>Approve in Xaman.</strong>{' '}
        {pending.pushed
          ? 'The request was sent to your phone.'
          : 'Scan the code with Xaman, or open the request on this phone.'}
      </p>
      {!pending.pushed && pending.qr && (
        <img src={pending.qr} alt="QR code of the request, for Xaman" width={160} height={160} />
      )}
      {pending.link && (
        <a className="button" href={pending.link} target="_blank" rel="noreferrer noopener">
          Open in Xaman
        </a>
      )}
    </aside>
  )
}
