import { describe, expect, it } from 'vitest';
import { checkLogJourneys, journeyFieldPath } from './journey-log-rules.ts';
import { ONE_OFF_DATE_MESSAGES, type Journey } from './journeys.ts';
import { fieldErrors, journeySchema } from './schemas.ts';

// The journeys a mileage log is drawn from (SPEC §5 messages; D21: a one-off trip's date falls in a
// year claimed and not after today, HMRC's tax year running 6 April to 5 April, per GOV.UK's
// "Tax year" definition).
const schemas = { journeySchema, fieldErrors };
const TODAY = '2026-11-23';
const daily: Journey = {
  id: 'j1',
  startAddress: 'WN2 1AR',
  endAddress: 'SK5 6AQ',
  frequency: 'daily',
  tripType: 'return',
  reason: 'site-visit',
  customReason: '',
  distance: 12.5,
};
const oneOff = (date: string): Journey => ({
  ...daily,
  id: 'j2',
  frequency: 'one-off',
  tripType: 'single',
  date,
});

describe('checkLogJourneys', () => {
  it.each<[string, Journey[], readonly string[], Record<string, string>]>([
    ['a valid regular journey', [daily], ['2026/27'], {}],
    ['a one-off dated in a year claimed', [oneOff('2026-05-14')], ['2026/27'], {}],
    [
      'a one-off after today',
      [oneOff('2026-11-24')],
      ['2026/27'],
      { 'journeys.0.date': ONE_OFF_DATE_MESSAGES.future },
    ],
    [
      'a one-off outside the years claimed, second in the list',
      [daily, oneOff('2026-04-05')],
      ['2026/27'],
      { 'journeys.1.date': ONE_OFF_DATE_MESSAGES.outside },
    ],
    [
      'a missing postcode and distance',
      [{ ...daily, startAddress: '', distance: null }],
      ['2026/27'],
      {
        'journeys.0.startAddress': 'Please enter a postcode',
        'journeys.0.distance': 'Enter the distance in miles',
      },
    ],
    [
      'a schema error and a date problem on the same journey, both shown',
      [{ ...oneOff('2021-04-05'), reason: '' }],
      ['2026/27'],
      { 'journeys.0.reason': 'Select a reason', 'journeys.0.date': ONE_OFF_DATE_MESSAGES.outside },
    ],
  ])('%s', (_name, journeys, years, expected) => {
    expect(checkLogJourneys(journeys, years, TODAY, schemas).errors).toEqual(expected);
  });

  it('returns the journeys the schema accepted, parsed (postcodes formatted)', () => {
    const { valid } = checkLogJourneys(
      [
        { ...daily, startAddress: 'wn21ar' },
        { ...daily, id: 'bad', endAddress: '' },
      ],
      ['2026/27'],
      TODAY,
      schemas,
    );
    expect(valid.map((j) => [j.id, j.startAddress])).toEqual([['j1', 'WN2 1AR']]);
  });

  it('keys a field as journeys.{index}.{field}', () => {
    expect(journeyFieldPath(3, 'startAddress')).toBe('journeys.3.startAddress');
  });
});
