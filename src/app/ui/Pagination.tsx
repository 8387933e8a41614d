import { pageButtons } from './pageButtons.ts'

/**
 * Page buttons (spec part 2 §9): Previous, the first 5 pages, an ellipsis, the last page, Next. The
 * current page is marked for assistive technology too.
 */
export function Pagination({
  page,
  pages,
  label,
  onPage,
}: {
  page: number
  pages: number
  /** What is paged, e.g. 'NFT pages'. */
  label: string
  onPage: (page: number) => void
}) {
  if (pages <= 1) return null
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      {pageButtons(page, pages).map((button, i) =>
        button === 'gap' ? (
          <span key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={button}
            type="button"
            className="button pagination__page"
            aria-current={button === page ? 'page' : undefined}
            aria-label={`Page ${button}`}
            onClick={() => onPage(button)}
          >
            {button}
          </button>
        ),
      )}
      <button
        type="button"
        className="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  )
}
