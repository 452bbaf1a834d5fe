// What a publish job reports (publisher.ts), and what is read from it: the pages it changed (for
// cache-version.json, decision 056) and the ones that now match the database (pending pages, decision 011).

export type PublishReport = {
  written: string[];
  removed: string[];
  failed: { url: string; error: string }[];
  version: number;
  ms: number;
  /** pages still waiting to be published after this job (retried automatically) */
  pending: number;
  /** of `written`, the pages rendered as they were on disk already (their files were left alone) */
  unchanged?: string[];
};

/** The pages a job changed on disk, for cache-version.json (decision 056): not those rendered as they were. */
export function changedPages(report: PublishReport): string[] {
  const unchanged = new Set(report.unchanged);
  return [...report.written.filter((url) => !unchanged.has(url)), ...report.removed];
}

/** The URLs of the job that match the database now: everything that did not fail. */
export function settledUrls(urls: string[], report: PublishReport): string[] {
  const failed = new Set(report.failed.map((f) => f.url));
  return urls.filter((url) => !failed.has(url));
}
