// 'Tabellen' (issue 14): league settings and tables.
export default function LeaguesManager() {
  return null;
}
