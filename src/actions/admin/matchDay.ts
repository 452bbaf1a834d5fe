// Admin actions (issue 14): 'Spieltag': recording a match at the pitch.
export const matchDay = {};
