import { describe, expect, it } from 'vitest'

import type { JobItemRow } from '../../src/db/types/jobItems.ts'
import type { JobRow } from '../../src/db/types/jobs.ts'
import {
  activityLine,
  byRecipient,
  etaText,
  minutesLeft,
  percentDone,
  progressing,
  recentActivity,
  RUNNER_GONE,
  RUNNER_UNKNOWN,
  runsElsewhere,
  stepText,
} from '../../src/app/jobs/jobProgress.ts'

const NFT = '00080000'.padEnd(64, 'A')
const ALICE = 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH'
const BOB = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY'

function job(status: JobRow['status'], counts: Partial<JobRow['counts']>): JobRow {
  return {
    id: 'job',
    kind: 'airdrop',
    network: 'sandbox',
    account: 'rAccount',
    createdAt: 0,
    updatedAt: 0,
    status,
    params: {},
    counts: { total: 10, pending: 0, inFlight: 0, succeeded: 0, failed: 0, skipped: 0, ...counts },
  }
}

function item(
  index: number,
  status: JobItemRow['status'],
  recipient: string,
  at?: number,
): JobItemRow {
  return {
    id: `job:${index}`,
    jobId: 'job',
    index,
    intent: { type: 'offer', nftId: NFT, amountDrops: '0', destination: recipient },
    status,
    recipient,
    attempts:
      at === undefined
        ? []
        : [
            {
              sequence: index,
              firstLedger: 1,
              lastLedgerSequence: 21,
              feeDrops: '12',
              hash: 'AB'.repeat(32),
              txBlob: '',
              signedAt: at,
              submittedAt: at + 1,
            },
          ],
    ...(status === 'failed' ? { message: 'The recipient refuses' } : {}),
  }
}

describe('the progress card, from the job rows', () => {
  it('counts done items (skipped too) into the percentage', () => {
    expect(percentDone(job('running', { succeeded: 3, failed: 1, skipped: 1 }))).toBe(50)
    expect(percentDone(job('running', { total: 0 }))).toBe(0)
  })

  it('names the step, and a pause with offers in flight reads pausing…', () => {
    expect(stepText(job('running', { pending: 4 }))).toBe('Signing and submitting offers')
    expect(stepText(job('running', { pending: 0, inFlight: 2 }))).toBe('Waiting for validation')
    expect(stepText(job('paused', { inFlight: 2 }))).toBe('pausing…')
    expect(stepText(job('paused', { inFlight: 0 }))).toBe('Paused')
    // Without a live connection the runner waits; a paused job stays paused.
    expect(stepText(job('running', { pending: 4 }), 'offers', null, false)).toBe(
      'Paused: waiting for the network. The job goes on by itself when the connection returns',
    )
    expect(stepText(job('paused', { inFlight: 0 }), 'offers', null, false)).toBe('Paused')
  })

  it('says why a job paused by itself, and how it goes on', () => {
    const paused = (pausedBy: JobRow['pausedBy']) => ({ ...job('paused', {}), pausedBy })
    expect(stepText(paused('wallet'))).toBe(
      'Paused: wallet disconnected. Connect it again to go on',
    )
    expect(stepText(paused('network'))).toBe(
      'Paused: the app is on another network. Switch back to go on',
    )
    expect(stepText(paused('user'))).toBe('Paused')
  })

  it('says why a job stops while what it submitted settles', () => {
    const stopping = { ...job('running', { pending: 3, inFlight: 2 }), error: 'a disk error' }
    expect(stepText(stopping)).toBe(
      'Stopping: a disk error. Waiting for submitted transactions to settle',
    )
    expect(stepText({ ...stopping, counts: { ...stopping.counts, inFlight: 0 } })).toBe(
      'Signing and submitting offers',
    )
  })

  it('says why a running job waits', () => {
    const notice =
      'Waiting: the network asks 20 drops a transaction, more than the 12 drops you confirmed'
    expect(stepText({ ...job('running', { pending: 4 }), notice })).toBe(notice)
  })

  it('tells a job that runs in another tab from one that runs here', () => {
    const elsewhere = { ...job('running', { pending: 4 }), runnerId: 'tab-a' }
    expect(runsElsewhere(elsewhere, 'tab-b')).toBe(true)
    expect(stepText(elsewhere, 'offers', 'tab-b')).toBe(
      'Running in another tab or window of this app (this tab takes over if it closes)',
    )
    expect(runsElsewhere(elsewhere, 'tab-a')).toBe(false)
    expect(stepText(elsewhere, 'offers', 'tab-a')).toBe('Signing and submitting offers')
    // Unknown yet, or not running: nothing to say about another tab.
    expect(runsElsewhere(elsewhere, null)).toBe(false)
    expect(runsElsewhere({ ...elsewhere, status: 'paused' }, 'tab-b')).toBe(false)
  })

  it('does not claim a job runs in another tab once that tab is gone', () => {
    const elsewhere = { ...job('running', { pending: 4 }), runnerId: 'tab-a' }
    expect(stepText(elsewhere, 'offers', 'tab-b', true, false)).toBe(RUNNER_GONE)
    expect(RUNNER_GONE).toMatch(/^Stopped: the tab or window that ran it was closed/)
    // Its own job: the check does not apply.
    expect(stepText(elsewhere, 'offers', 'tab-a', true, false)).toBe(
      'Signing and submitting offers',
    )
  })

  it('a job whose tab closed says what it submitted before, and makes no estimate', () => {
    // As after a reload without a key: the NFTs of its submitted burns may be gone already.
    const left = { ...job('running', { pending: 30, inFlight: 12, failed: 1 }), runnerId: 'tab-a' }
    expect(stepText(left, 'burns', 'tab-b', true, false)).toBe(
      `${RUNNER_GONE}. 12 transactions submitted before it stopped may already be on the ledger: they are counted when it goes on`,
    )
    expect(progressing(left, 'tab-b', true, false)).toBe(false)
    // Not known yet (a reload asks first): neither running nor stopped is claimed, and no estimate.
    expect(stepText(left, 'burns', 'tab-b', true, null)).toBe(RUNNER_UNKNOWN)
    expect(progressing(left, 'tab-b', true, null)).toBe(false)
    // Running in a live tab, or here while connected, it moves on; paused or offline it does not.
    expect(progressing(left, 'tab-b', true, true)).toBe(true)
    expect(progressing(job('running', { pending: 4 }), null, true, true)).toBe(true)
    expect(progressing(job('running', { pending: 4 }), null, false, true)).toBe(false)
    expect(progressing(job('paused', { pending: 4 }), null, true, true)).toBe(false)
  })

  it('estimates minutes left at the pace so far', () => {
    const running = {
      ...job('running', { total: 4, succeeded: 2, pending: 2 }),
      activity: { startedAt: 0, lastAt: 1000, recent: [] },
    }
    expect(minutesLeft(running, 60_000)).toBe(1)
    expect(minutesLeft(running, 240_000)).toBe(4)
    // Nothing signed yet, or nothing done yet: no pace to go by.
    expect(minutesLeft(job('running', { total: 4, pending: 4 }), 60_000)).toBeNull()
    expect(
      minutesLeft({ ...running, counts: { ...running.counts, succeeded: 0 } }, 60_000),
    ).toBeNull()
    expect(etaText(null)).toBe('Estimating time remaining…')
    expect(etaText(3)).toBe('About 3 minutes remaining')
  })

  it('shows an activity line for each item the job touched last, in the order given', () => {
    const lines = recentActivity([
      item(1, 'failed', BOB, 30),
      item(2, 'inFlight', BOB, 20),
      item(3, 'pending', BOB),
    ])
    expect(lines).toEqual([
      'Failed NFT 00080000…AAAAAAAA to rPEPPE...6GDY: The recipient refuses',
      'Submitted NFT 00080000…AAAAAAAA to rPEPPE...6GDY, waiting for validation',
    ])
    expect(activityLine(item(0, 'succeeded', ALICE, 1))).toBe(
      'Offered NFT 00080000…AAAAAAAA to rN7n7o...fzRH',
    )
    // An NFT whose card had a name when the job was planned is named so.
    expect(activityLine({ ...item(0, 'succeeded', ALICE, 1), nftName: 'Pixel Cats #4' })).toBe(
      'Offered “Pixel Cats #4” to rN7n7o...fzRH',
    )
  })

  it('groups the items by recipient in plan order', () => {
    const groups = byRecipient([
      item(0, 'succeeded', ALICE),
      item(1, 'succeeded', ALICE),
      item(2, 'skipped', BOB),
    ])
    expect(groups.map((g) => [g.address, g.items.length])).toEqual([
      [ALICE, 2],
      [BOB, 1],
    ])
  })
})
