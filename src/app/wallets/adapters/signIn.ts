import type { ApprovalPort } from '../../../worker/api.ts'

/** What a wallet's sign-in gives. */
export interface ExternalSignIn {
  address: string
  publicKey: string
  port: ApprovalPort
}
