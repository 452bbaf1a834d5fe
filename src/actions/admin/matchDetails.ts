// Admin actions (issue 14): a match's line-ups, events and report in 'Spielplan'.
export const matchDetails = {};
