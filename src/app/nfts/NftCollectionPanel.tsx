/** STUB (NFT helper replaces it): the NFT Collection panel. */
export function NftCollectionPanel() {
  return (
    <section className="panel" aria-labelledby="collection-title">
      <h2 id="collection-title">No Wallet Connected</h2>
      <p>Connect your wallet to view and manage NFTs</p>
    </section>
  )
}
