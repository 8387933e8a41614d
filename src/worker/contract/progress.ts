/** Progress reports of long operations. */

/** Receives throttled progress (at most a few calls a second, and always the final state). */
export type ProgressListener<T> = (progress: T) => void
