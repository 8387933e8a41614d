/** STUB (onboarding helper replaces it): clears the metadata cache after a recent recovery refresh. */
export async function applyRecoveryOnStart(): Promise<void> {}
