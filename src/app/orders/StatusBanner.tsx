import { bannerTone } from './offerText.ts'

/** The Orders tab's status message, coloured by its words (spec part 2 §8). */
export function StatusBanner({ message }: { message: string }) {
  const tone = bannerTone(message)
  return (
    <p
      className={`orders-banner orders-banner--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid="orders-banner"
      data-tone={tone}
    >
      {message}
    </p>
  )
}
