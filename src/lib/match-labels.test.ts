import { describe, expect, it } from 'vitest';
import { matchStatusLabel, matchTypeLabel, scoreText } from './match-labels';

describe('match labels', () => {
  it('labels the statuses as the spec says', () => {
    expect(['upcoming', 'scheduled', 'live', 'finished', 'cancelled', 'postponed'].map(matchStatusLabel)).toEqual([
      'Geplant',
      'Geplant',
      'Live',
      'Beendet',
      'Abgesagt',
      'Verschoben',
    ]);
    expect(matchStatusLabel('Halbzeit')).toBe('Halbzeit');
  });
  it('labels the match types', () => {
    expect([matchTypeLabel('league'), matchTypeLabel('cup'), matchTypeLabel('friendly'), matchTypeLabel(null)]).toEqual([
      'Liga',
      'Pokal',
      'Freundschaft',
      'Freundschaft',
    ]);
  });
  it('shows a score or -:-', () => {
    expect(scoreText(2, 0)).toBe('2:0');
    expect(scoreText(null, 1)).toBe('-:-');
  });
});
