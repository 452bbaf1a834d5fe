// The German answers of the live stream of a match page (/api/live/{id}); the page itself shows none of
// them: refused, it checks the version file every few seconds instead (src/scripts/live-match.ts).
export const LIVE_TEXTS = {
  unknownMatch: 'Dieses Spiel gibt es nicht.',
  tooMany: 'Zu viele offene Live-Verbindungen. Die Seite prüft stattdessen alle paar Sekunden auf Neues.',
} as const;
