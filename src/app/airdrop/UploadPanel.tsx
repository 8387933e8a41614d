import { useEffect, useRef, useState } from 'react'
import type { DragEvent } from 'react'

import { useAirdrop } from './airdropState.ts'
import { clearCsv, sampleCsv, uploadCsv } from './distributionState.ts'
import { saveTextFile } from '../jobs/saveFile.ts'
import { useNetworkStatus } from '../state/network.ts'
import { UploadSummary } from './UploadSummary.tsx'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import { reveal } from '../ui/jumpTo.ts'
import { UPLOAD_SECTION_ID } from '../ui/sections.ts'

/**
 * The Upload Distribution List panel (spec part 1 §2): a drop area with a real file chooser, the
 * processing state, the summary of the loaded file (or the reason it was refused) and the format
 * help. The footer's Quick Airdrop and the selection bar jump here.
 */
export function UploadPanel() {
  const { file, processing, uploadError, loadedNote, revealUpload } = useAirdrop()
  const heading = useRef<HTMLHeadingElement>(null)
  // Each request once: a panel mounted again (another tab and back) does not scroll by itself.
  const revealed = useRef(revealUpload)
  useEffect(() => {
    if (revealUpload === revealed.current || !heading.current) return
    revealed.current = revealUpload
    reveal(heading.current)
  }, [revealUpload])
  return (
    <section
      id={UPLOAD_SECTION_ID}
      className="airdrop-card"
      aria-labelledby="csv-upload-title"
      // Quick Airdrop moves focus here; not a stop of its own in the tab order.
      tabIndex={-1}
    >
      <h2
        id="csv-upload-title"
        ref={heading}
        // 'Use this distribution' moves focus here; the note below says what changed.
        tabIndex={-1}
        aria-describedby={loadedNote ? 'csv-loaded-note' : undefined}
      >
        Upload Distribution List
      </h2>
      {loadedNote && (
        <p
          id="csv-loaded-note"
          className="airdrop-loaded"
          role="status"
          data-testid="distribution-loaded"
        >
          {loadedNote}
        </p>
      )}
      {file ? <UploadSummary file={file} /> : <DropZone processing={processing} />}
      {file && (
        <div className="actions-row">
          <ChooseFileButton label="Replace file" disabled={processing} />
          <button type="button" className="button" onClick={clearCsv} disabled={processing}>
            Remove file
          </button>
        </div>
      )}
      {processing && (
        <p className="airdrop-status" role="status">
          Processing CSV…
        </p>
      )}
      <ErrorBox message={uploadError} />
      <CsvFormatHelp />
    </section>
  )
}

/** The drag-and-drop area; the button inside opens the file chooser (keyboard users use it). */
function DropZone({ processing }: { processing: boolean }) {
  const [over, setOver] = useState(false)
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setOver(false)
    const dropped = event.dataTransfer.files[0]
    if (dropped) void uploadCsv(dropped)
  }
  return (
    <div
      className="airdrop-drop"
      data-over={over}
      data-testid="csv-drop-zone"
      onDragOver={(event) => {
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p>Drag and drop your CSV file here, or</p>
      <ChooseFileButton label="Choose CSV file" disabled={processing} />
    </div>
  )
}

/** A button that opens the file chooser; the input itself is hidden from view and from Tab. */
function ChooseFileButton({ label, disabled }: { label: string; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {label}
      </button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="airdrop-file-input"
        aria-label="Distribution CSV file"
        tabIndex={-1}
        onChange={(event) => {
          const chosen = event.target.files?.[0]
          // Cleared so that choosing the same file again (after fixing it) is seen as a change.
          event.target.value = ''
          if (chosen) void uploadCsv(chosen)
        }}
      />
    </>
  )
}

/** The help's example where the network has no sample (any valid addresses, for the format). */
const GENERIC_EXAMPLE =
  'wallet_address,nft_amount\nrN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH,2\nrPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY,1'

/**
 * The 'CSV Format Requirements' help box. On a network with a sample (the Sandbox) its example names
 * recipients that exist there, and the whole sample can be downloaded to try.
 */
function CsvFormatHelp() {
  const { network } = useNetworkStatus()
  const [sample, setSample] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    void sampleCsv().then((text) => {
      if (current) setSample(text)
    })
    return () => {
      current = false
    }
  }, [network])
  const example = sample ? sample.split('\n').slice(0, 3).join('\n') : GENERIC_EXAMPLE
  return (
    <aside className="airdrop-help" aria-labelledby="csv-help-title">
      <h3 id="csv-help-title">CSV Format Requirements</h3>
      <ul>
        <li>
          <code>wallet_address</code> (required): the recipient's XRP Ledger address. Files from
          other tools load too: <code>address</code>, <code>account</code>, <code>destination</code>
          , <code>owner</code> or <code>wallet</code>.
        </li>
        <li>
          <code>nft_amount</code> (optional, default 1): how many NFTs the recipient gets; or{' '}
          <code>amount</code>, <code>count</code>, <code>quantity</code>, <code>total</code>.
        </li>
        <li>The first row is the header; one recipient per row.</li>
      </ul>
      <p>Example:</p>
      <pre className="airdrop-help__example" data-testid="csv-example">
        {example}
      </pre>
      {sample && (
        <button
          type="button"
          className="button"
          onClick={() => saveTextFile('sample-recipients.csv', sample)}
        >
          Download a sample CSV
        </button>
      )}
    </aside>
  )
}
