/** Ids of the sections that buttons elsewhere on the page jump to (see jumpTo). */

/** The Airdrop tab's Upload Distribution List (Quick Airdrop, the selection bar). */
export const UPLOAD_SECTION_ID = 'csv-upload'

/** The NFT Collection panel, where NFTs are picked (the Airdrop tab's selection bar). */
export const COLLECTION_SECTION_ID = 'nft-collection'
