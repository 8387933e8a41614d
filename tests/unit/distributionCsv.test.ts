/**
 * The Airdrop tab's distribution list as the worker reads it: the spec's rules and messages, the
 * formats real spreadsheets write (BOM, CRLF, quotes, semicolons), and the row checks beyond the spec.
 */
import { describe, expect, it } from 'vitest'
import { Wallet, classicAddressToXAddress } from 'xrpl'

import { MAX_DISTRIBUTION_ROWS, MAX_JOB_ITEMS } from '../../src/shared/constants.ts'
import { isEngineError } from '../../src/shared/errors.ts'
import { parseDistributionCsv } from '../../src/worker/airdrop/distributionCsv.ts'

const addressOf = (byte: number) => Wallet.fromEntropy(new Uint8Array(16).fill(byte)).classicAddress
const [a, b, c] = [addressOf(1), addressOf(2), addressOf(3)]
const holder = addressOf(9)

/** The rejection message of a parse that must fail with VALIDATION. */
async function failure(text: string | Blob, fileName = 'list.csv'): Promise<string> {
  const error: unknown = await parseDistributionCsv(text, fileName, holder).then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  )
  if (!isEngineError(error) || error.code !== 'VALIDATION') throw error
  return error.message
}

describe('the spec rules', () => {
  it('reads wallet_address and nft_amount in CSV order, nft_amount defaulting to 1', async () => {
    const file = await parseDistributionCsv(
      `wallet_address,nft_amount\n${a},2\n${b},\n${c},3\n`,
      'drop.csv',
      holder,
    )
    expect(file).toEqual({
      fileName: 'drop.csv',
      processedCount: 3,
      nftsRequested: 6,
      rows: [
        { line: 2, address: a, count: 2 },
        { line: 3, address: b, count: 1 },
        { line: 4, address: c, count: 3 },
      ],
      problems: [],
      columns: {
        recipient: 'wallet_address',
        count: 'nft_amount',
        recipientCandidates: ['wallet_address'],
        countCandidates: ['nft_amount'],
        needsChoice: false,
      },
    })
  })

  it('matches the header case-insensitively and works without an nft_amount column', async () => {
    const file = await parseDistributionCsv(`Name, WALLET_Address \nAlice,${a}\n`, 'x.csv', null)
    expect(file.rows).toEqual([{ line: 2, address: a, count: 1 }])
  })

  it('skips rows with an empty wallet_address without a problem', async () => {
    const file = await parseDistributionCsv(
      `wallet_address,nft_amount\n,4\n${a},1\n`,
      'x.csv',
      null,
    )
    expect(file.rows).toEqual([{ line: 3, address: a, count: 1 }])
    expect(file.problems).toEqual([])
    expect(file.processedCount).toBe(2)
  })

  it.each([
    ['list.txt', 'Please select a CSV file'],
    ['list.csv.exe', 'Please select a CSV file'],
    ['', 'Please select a CSV file'],
  ])('refuses the file name %j: %s', async (fileName, message) => {
    expect(await failure(`wallet_address\n${a}\n`, fileName)).toBe(message)
  })

  it('accepts .CSV in any case', async () => {
    const file = await parseDistributionCsv(`wallet_address\n${a}\n`, 'LIST.CsV', null)
    expect(file.rows).toHaveLength(1)
  })

  it.each([
    ['', 'CSV file must have at least a header and one data row'],
    ['wallet_address\n', 'CSV file must have at least a header and one data row'],
    ['wallet_address\n\n  \n', 'CSV file must have at least a header and one data row'],
    [
      `addr,nft_amount\n${a},1\n`,
      'CSV must contain "wallet_address" column (or one named address, account, destination, owner, or wallet). Columns found: "addr", "nft_amount".',
    ],
    [
      `${Array.from({ length: 12 }, (_, i) => `col${i}`).join(',')}\n${a}\n`,
      'CSV must contain "wallet_address" column (or one named address, account, destination, owner, or wallet). Columns found: "col0", "col1", "col2", "col3", "col4", "col5", "col6", "col7", "col8", "col9" and 2 more.',
    ],
    [
      `\ufeff Recipient ;${'x'.repeat(50)}\n${a};1\n`,
      `CSV must contain "wallet_address" column (or one named address, account, destination, owner, or wallet). Columns found: "Recipient", "${'x'.repeat(40)}…".`,
    ],
    ['wallet_address,nft_amount\n,1\n,2\n', 'No valid distribution data found in CSV'],
    ['wallet_address\nnot-an-address\n', 'No valid distribution data found in CSV'],
  ])('refuses %j: %s', async (text, message) => {
    expect(await failure(text)).toBe(message)
  })
})

describe('real-world files', () => {
  it('handles a BOM, CRLF, semicolons, quoted fields and blank lines, with true line numbers', async () => {
    const text = `\ufeffwallet_address;nft_amount\r\n"${a}";2\r\n\r\n"${b}";"1"\r\n`
    const file = await parseDistributionCsv(text, 'excel.csv', null)
    expect(file.rows).toEqual([
      { line: 2, address: a, count: 2 },
      { line: 4, address: b, count: 1 },
    ])
  })

  it('counts a line of empty cells (a spreadsheet export of an empty row) in the line numbers', async () => {
    const text = `wallet_address,nft_amount\n${a},1\n,\n"",""\n${b},2\n`
    const file = await parseDistributionCsv(text, 'sheet.csv', null)
    expect(file.rows).toEqual([
      { line: 2, address: a, count: 1 },
      { line: 5, address: b, count: 2 },
    ])
  })

  it('counts a newline inside a quoted field in the line numbers', async () => {
    const text = `note,wallet_address\n"two\nlines",${a}\nx,bad\n`
    const file = await parseDistributionCsv(text, 'x.csv', null)
    expect(file.rows).toEqual([{ line: 2, address: a, count: 1 }])
    expect(file.problems).toEqual([expect.objectContaining({ line: 4, severity: 'skipped' })])
  })

  it('reads a Blob (a File from the picker)', async () => {
    const blob = new Blob([`wallet_address\n${a}\n`], { type: 'text/csv' })
    const file = await parseDistributionCsv(blob, 'picked.csv', null)
    expect(file.rows).toEqual([{ line: 2, address: a, count: 1 }])
  })

  it('says how many rows are too many: as many as a job holds, said at upload', async () => {
    expect(MAX_DISTRIBUTION_ROWS).toBe(MAX_JOB_ITEMS)
    const text = `wallet_address\n${`${a}\n`.repeat(MAX_DISTRIBUTION_ROWS + 1)}`
    expect(await failure(text)).toBe(
      'CSV processing failed: the file has 100,001 rows; at most 100,000 are allowed',
    )
  })
})

describe('row checks beyond the spec', () => {
  it('skips a mistyped address, naming the checksum', async () => {
    const typo = `${a.slice(0, -1)}${a.endsWith('a') ? 'b' : 'a'}`
    const file = await parseDistributionCsv(`wallet_address\n${typo}\n${b}\n`, 'x.csv', null)
    expect(file.rows.map((r) => r.address)).toEqual([b])
    expect(file.problems).toEqual([
      {
        line: 2,
        severity: 'skipped',
        message: `"${typo}" is not a valid address: its checksum is wrong (a typo?)`,
      },
    ])
  })

  it('decodes an X-address without a tag and refuses one with a tag', async () => {
    const plain = classicAddressToXAddress(a, false, false)
    const tagged = classicAddressToXAddress(b, 42, false)
    const file = await parseDistributionCsv(`wallet_address\n${plain}\n${tagged}\n`, 'x.csv', null)
    expect(file.rows).toEqual([{ line: 2, address: a, count: 1 }])
    expect(file.problems).toHaveLength(1)
    expect(file.problems[0]).toMatchObject({ line: 3, severity: 'skipped' })
    expect(file.problems[0]!.message).toContain('destination tag 42')
  })

  it("refuses the wallet's own address", async () => {
    const file = await parseDistributionCsv(`wallet_address\n${holder}\n${a}\n`, 'x.csv', holder)
    expect(file.rows.map((r) => r.address)).toEqual([a])
    expect(file.problems).toEqual([
      {
        line: 2,
        severity: 'skipped',
        message: `${holder} is your own wallet; an airdrop cannot offer to itself`,
      },
    ])
  })

  it('keeps the first row of a duplicated recipient and reports the others', async () => {
    const text = `wallet_address,nft_amount\n${a},2\n${b},1\n${a},5\n`
    const file = await parseDistributionCsv(text, 'x.csv', null)
    expect(file.rows).toEqual([
      { line: 2, address: a, count: 2 },
      { line: 3, address: b, count: 1 },
    ])
    expect(file.nftsRequested).toBe(3)
    expect(file.problems).toEqual([
      { line: 4, severity: 'skipped', message: `${a} is already on line 2; this row is skipped` },
    ])
  })

  it.each(['0', '-2', '1.5', 'two', '99999999999999999999'])(
    'reads nft_amount %j as 1 and says so',
    async (amount) => {
      const file = await parseDistributionCsv(
        `wallet_address,nft_amount\n${a},${amount}\n`,
        'x.csv',
        null,
      )
      expect(file.rows).toEqual([{ line: 2, address: a, count: 1 }])
      expect(file.problems).toHaveLength(1)
      expect(file.problems[0]).toMatchObject({ line: 2, severity: 'note' })
      expect(file.problems[0]!.message).toContain('1 is used')
    },
  )

  it('renders hostile cells as plain, capped text in its messages', async () => {
    const hostile = `<img src=x onerror=alert(1)>${'x'.repeat(200)}`
    const file = await parseDistributionCsv(`wallet_address\n"${hostile}"\n${a}\n`, 'x.csv', null)
    const message = file.problems[0]!.message
    expect(message.length).toBeLessThan(120)
    expect(message.startsWith('"<img src=x onerror=alert(1)>')).toBe(true)
  })
})

describe("other tools' column names", () => {
  it.each([
    ['wallet_address', 'nft_amount'],
    ['address', 'amount'],
    ['Account', 'Count'],
    ['Destination', 'Amount'],
    ['OWNER', 'TOTAL'],
    ['wallet', 'quantity'],
    ['Wallet Address', 'NFT-Amount'],
  ])('reads recipients from %j and counts from %j, and says so', async (recipient, count) => {
    const file = await parseDistributionCsv(
      `Name,${recipient},${count}\nAlice,${a},2\nBob,${b},\n`,
      'other.csv',
      holder,
    )
    expect(file.rows).toEqual([
      { line: 2, address: a, count: 2 },
      { line: 3, address: b, count: 1 },
    ])
    // A count named otherwise than nft_amount may be holdings or XRP: the user confirms it.
    const spec = count.toLowerCase().replace('-', '_') === 'nft_amount'
    expect(file.columns).toEqual({
      recipient,
      count,
      recipientCandidates: [recipient],
      countCandidates: [count],
      needsChoice: !spec,
    })
    const confirmed = await parseDistributionCsv(
      `Name,${recipient},${count}\nAlice,${a},2\n`,
      'other.csv',
      holder,
      { count },
    )
    expect(confirmed.columns.needsChoice).toBe(false)
  })

  it.each([
    ['address,Address', 'address'],
    ['Wallet Address,wallet_address,nft_amount', 'wallet_address'],
    ['destination,amount,Amount', 'amount'],
  ])(
    'refuses two columns that read as one name (%s): a pick could not tell them apart',
    async (head, name) => {
      expect(await failure(`${head}\n${a},${b},1\n`)).toBe(
        `Two columns of the file are named "${name}": rename one, so that it is clear which to read`,
      )
    },
  )

  it('reads semicolon- and tab-separated files with aliases', async () => {
    for (const sep of [';', '\t']) {
      const file = await parseDistributionCsv(
        `Destination${sep}Amount\n${a}${sep}3\n`,
        'x.csv',
        null,
      )
      expect(file.rows).toEqual([{ line: 2, address: a, count: 3 }])
    }
  })

  it("reads Bithomp's holder export (Owner, …, Total)", async () => {
    const text = `Owner,Owner username,NFTs,Total\n${a},alice,x,4\n${b},,y,1\n`
    const file = await parseDistributionCsv(text, 'bithomp.csv', null)
    expect(file.rows).toEqual([
      { line: 2, address: a, count: 4 },
      { line: 3, address: b, count: 1 },
    ])
    expect(file.columns.recipient).toBe('Owner')
    expect(file.columns.count).toBe('Total')
  })

  it('minds two columns of one name only when the name could be read', async () => {
    const file = await parseDistributionCsv(`note,note,wallet_address\nx,y,${a}\n`, 'x.csv', null)
    expect(file.rows).toEqual([{ line: 2, address: a, count: 1 }])
  })

  it('caps a count over what one recipient may get (1,000), saying so', async () => {
    const file = await parseDistributionCsv(`wallet_address,nft_amount\n${a},5000\n`, 'x.csv', null)
    expect(file.rows).toEqual([{ line: 2, address: a, count: 1000 }])
    expect(file.problems).toEqual([
      {
        line: 2,
        severity: 'note',
        message: 'nft_amount 5000 is more than one recipient may get; 1000 is used',
      },
    ])
  })

  it('names the column in a count note', async () => {
    const file = await parseDistributionCsv(`Destination,Amount\n${a},1.5\n`, 'x.csv', null)
    expect(file.problems).toEqual([
      {
        line: 2,
        severity: 'note',
        message: 'Amount "1.5" is not a positive whole number; 1 is used',
      },
    ])
  })

  it('with several candidates, reads the first by alias order and waits for the user to pick', async () => {
    const text = `Owner,Destination,Amount,Total\n${a},${b},2,5\n`
    const file = await parseDistributionCsv(text, 'x.csv', null)
    expect(file.columns).toEqual({
      recipient: 'Destination',
      count: 'Amount',
      recipientCandidates: ['Destination', 'Owner'],
      countCandidates: ['Amount', 'Total'],
      needsChoice: true,
    })
    expect(file.rows).toEqual([{ line: 2, address: b, count: 2 }])

    const picked = await parseDistributionCsv(text, 'x.csv', null, {
      recipient: 'owner',
      count: 'Total',
    })
    expect(picked.columns).toMatchObject({ recipient: 'Owner', count: 'Total', needsChoice: false })
    expect(picked.rows).toEqual([{ line: 2, address: a, count: 5 }])
  })

  it('reads no count when the user picks none: one NFT per recipient', async () => {
    const file = await parseDistributionCsv(`address,amount\n${a},7\n`, 'x.csv', null, {
      count: null,
    })
    expect(file.rows).toEqual([{ line: 2, address: a, count: 1 }])
    expect(file.columns.count).toBeNull()
  })

  it('a pick of a column only one role wants still waits for the other', async () => {
    const text = `Owner,Destination,Amount\n${a},${b},2\n`
    const file = await parseDistributionCsv(text, 'x.csv', null, { count: 'Amount' })
    expect(file.columns.needsChoice).toBe(true)
  })

  it.each([
    [
      { recipient: 'Holder' },
      'The file has no column "Holder" to read the recipients from. Columns found: "address", "amount".',
    ],
    [
      { count: 'qty' },
      'The file has no column "qty" to read the counts from. Columns found: "address", "amount".',
    ],
    [
      { recipient: 'address', count: 'address' },
      'The recipients and the counts cannot be the same column',
    ],
    [{ recipient: 5 }, 'The recipient column must be named by its header'],
    ['address', 'The column choice is malformed'],
  ])('refuses the pick %j: %s', async (choice, message) => {
    const error: unknown = await parseDistributionCsv(
      `address,amount\n${a},1\n`,
      'x.csv',
      null,
      choice as never,
    ).catch((e: unknown) => e)
    expect(isEngineError(error) && error.code === 'VALIDATION' && error.message).toBe(message)
  })
})
