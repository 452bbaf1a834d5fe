// 'Spieltag' (issue 14): the current match at the pitch.
export default function MatchDayManager() {
  return null;
}
