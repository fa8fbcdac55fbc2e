// `npm run bench`'s mileage log figure, timed in a process of its own (decision 061): in
// production the log is drawn on a render thread with a heap of its own (decision 029), not in a
// heap that holds a load generator's results, whose garbage collections doubled the figure.
// Prints one JSON line: the median, fastest and slowest of 7 runs after a warm-up, in ms.
import { BENCH_YEARS, benchJourneys } from './fixtures.ts';

// A runtime path, so the bench's type-check does not pull the server's sources into its project.
const modulePath = '../../apps/server/src/documents/mileage-log.ts';
const { generateMileageLog } = (await import(modulePath)) as {
  generateMileageLog: (input: {
    claimant: { fullName: string; reference: string | null };
    journeys: ReturnType<typeof benchJourneys>;
    years: string[];
    vehicle: 'car-van';
  }) => Promise<unknown[]>;
};

const input = {
  claimant: { fullName: 'Bench Claimant', reference: null },
  journeys: benchJourneys(50),
  years: [...BENCH_YEARS],
  vehicle: 'car-van' as const,
};
await generateMileageLog(input); // warm-up: fonts and code paths
const times: number[] = [];
for (let i = 0; i < 7; i++) {
  const t0 = performance.now();
  const docs = await generateMileageLog(input);
  times.push(performance.now() - t0);
  if (docs.length !== input.years.length) throw new Error('mileage log: wrong number of years');
}
times.sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({
    years: input.years.length,
    median: times[Math.floor(times.length / 2)] ?? 0,
    min: times[0] ?? 0,
    max: times[times.length - 1] ?? 0,
  })}\n`,
);
