// Admin actions (issue 14): importing fixtures and results (CSV, iCalendar) in 'Spielplan'.
export const matchImport = {};
