// Importing fixtures and results into 'Spielplan' (issue 14).
export default function MatchImportPanel() {
  return null;
}
