// "Today" for a published page: the time of its publish, handed in by the
// publisher (Astro.locals.publishedAt), so that every page of one publish shows
// the same day and a test can set it. A page rendered for one visitor (the
// admin) has no publish time and takes the clock.
export function today(locals: Pick<App.Locals, 'publishedAt'>): Date {
  return new Date(locals.publishedAt ?? Date.now());
}
