import { describe, expect, it } from 'vitest';
import type { Journey } from './journeys.ts';
import { emptyEmployment, journeysOf } from './wizard-snapshot.ts';

const journey = (id: string, employmentId?: string): Journey => ({
  id,
  startAddress: 'WN2 1AR',
  endAddress: 'SK5 6AQ',
  frequency: 'daily',
  tripType: 'return',
  reason: 'site-visit',
  customReason: '',
  distance: 10,
  ...(employmentId === undefined ? {} : { employmentId }),
});

// D25: one mileage log per employment, each from that employment's journeys.
describe('journeysOf', () => {
  const employments = [emptyEmployment('job-1'), emptyEmployment('job-2')];
  const journeys = [journey('a'), journey('b', 'job-2'), journey('c', 'job-1'), journey('d', 'job-9')];

  it('gives each employment its own journeys; unmarked or unknown ones belong to the first', () => {
    expect(journeysOf({ journeys, employments }, 'job-1').map((j) => j.id)).toEqual(['a', 'c', 'd']);
    expect(journeysOf({ journeys, employments }, 'job-2').map((j) => j.id)).toEqual(['b']);
  });

  it('never leaves a journey out of every log', () => {
    const all = employments.flatMap((e) => journeysOf({ journeys, employments }, e.id).map((j) => j.id));
    expect(all.sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});
