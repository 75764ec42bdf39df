import { describe, expect, it } from 'vitest';
import { candidateStatuses } from '@hireline/contract/board-candidates';
import { statusColor, statusLabel } from './status';

describe('application status for candidates', () => {
  it('has a plain label for every status the API sends, in every language', () => {
    for (const language of ['en', 'fr', 'ar']) {
      const labels = candidateStatuses.map((s) => statusLabel(s, language));
      for (const [i, label] of labels.entries()) expect(label, `${language} ${candidateStatuses[i]}`).not.toMatch(/^status\./);
      expect(new Set(labels).size, `${language}: each status reads differently`).toBe(candidateStatuses.length);
    }
  });

  it('never tells a candidate they were "rejected"', () => {
    expect(statusLabel('unsuccessful', 'en')).toBe('Not progressing');
    expect(statusLabel('offered', 'en')).toBe('Offer made');
    expect(statusLabel('received', 'fr')).toBe('Reçue');
  });

  it('colours good news and leaves endings neutral', () => {
    expect(statusColor('offered')).toBe('success');
    expect(statusColor('unsuccessful')).toBe('default');
    expect(statusColor('withdrawn')).toBe('default');
    for (const s of candidateStatuses) expect(statusColor(s)).toBeTruthy();
  });
});
