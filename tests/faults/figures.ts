// One line per fault check with its figures (tried / refused / lost …), so that
// a CI log shows what was tried and what held, not only that it passed.
export function printFigures(check: string, figures: Record<string, number | string | boolean>): void {
  const parts = Object.entries(figures).map(([key, value]) => `${key}=${value}`);
  console.info(`[faults] ${check}: ${parts.join(' ')}`);
}
