// Admin actions (issue 14): 'Tabellen': league settings, other teams' results, entered tables.
export const leagues = {};
