import { describe, expect, it } from 'vitest';
import { LIST_3 } from './data/list-3.ts';
import {
  LIST_3_SOURCE,
  PROFESSIONAL_BODIES_LIST_URL,
  PROFESSIONAL_BODY_SEARCH_MAX,
  TRADE_UNION_FEES_NOTE,
  feeReliefFor,
  findProfessionalBodies,
  professionalBodyByName,
  type ProfessionalBodyMatchKind,
} from './professional-bodies.ts';

// Sources named below:
// - List 3: HMRC "Professional bodies approved for tax relief (List 3)", as HMRC's own service holds
//   it (hmrc/professional-subscriptions-frontend, conf/professional-bodies.json; commit and date in
//   data/list-3.ts). Names are quoted as List 3 spells them.
// - HMRC's service: models/ProfessionalBody.scala in the same repository: a body with startYear
//   2018 is shown "with effect from 6 April 2018", and validateStartYear(year) is startYear <= year.
// - EIM32885 (trade union subscriptions are not deductible as a job expense), EIM32900 (s344: an
//   annual subscription to a body HMRC has approved), EIM32881 (List 3 gives the first year relief
//   is due, and some subscriptions are deductible only in part).

const first = (query: string) => findProfessionalBodies(query)[0];

describe('our copy of List 3', () => {
  // List 3 (May 2026 update of HMRC's file): 3,072 bodies, 388 of them with a first year.
  it('holds the whole list with its source and licence named', () => {
    expect(LIST_3.bodies.length).toBe(LIST_3.count);
    expect(LIST_3.count).toBeGreaterThan(3000);
    expect(LIST_3.bodies.filter((b) => b.from !== undefined).length).toBeGreaterThan(300);
    expect(LIST_3_SOURCE.licence).toBe('Open Government Licence v3.0');
    expect(LIST_3_SOURCE.source).toMatch(
      /^https:\/\/github\.com\/hmrc\/professional-subscriptions-frontend\//,
    );
    expect(LIST_3_SOURCE.retrieved).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(PROFESSIONAL_BODIES_LIST_URL).toMatch(/^https:\/\/www\.gov\.uk\/.*list-3$/);
  });

  // HMRC's service: startYear is the year of 6 April the relief starts, so a tax year "YYYY/YY".
  it('gives each first year as a tax year', () => {
    for (const b of LIST_3.bodies) if (b.from !== undefined) expect(b.from).toMatch(/^\d{4}\/\d{2}$/);
    expect(LIST_3.bodies.find((b) => b.name === '100 Women in Finance Association')?.from).toBe('2018/19');
  });
});

describe('findProfessionalBodies', () => {
  // List 3: "Royal College of Nursing (J) (Nursing Standard)".
  it('finds a body by its name, whatever the case, punctuation and spacing', () => {
    expect(first('Royal College of Nursing')?.body.name).toBe(
      'Royal College of Nursing (J) (Nursing Standard)',
    );
    expect(first('  royal   COLLEGE of-nursing! ')?.body.name).toBe(
      'Royal College of Nursing (J) (Nursing Standard)',
    );
  });

  // List 3: "Royal College of Midwives (RCM)", "Chartered Institute of Personnel and Development".
  it('finds a body by its initials, bracketed in List 3 or worked out from its words', () => {
    expect(first('RCM')).toMatchObject({
      kind: 'initials',
      body: { name: 'Royal College of Midwives (RCM)' },
    });
    expect(first('r.c.m.')?.body.name).toBe('Royal College of Midwives (RCM)');
    expect(first('cipd')?.body.name).toBe('Chartered Institute of Personnel and Development');
  });

  // List 3: "Archives and Records Association (formerly Society of Archivists)", "Health and Care
  // Professions Council (HCPC) (formerly Health Professions Council, ...)".
  it('finds a body by its former name, and says which name matched', () => {
    expect(first('Society of Archivists')).toMatchObject({
      kind: 'exact',
      via: 'Society of Archivists',
      body: { name: 'Archives and Records Association (formerly Society of Archivists)' },
    });
    expect(first('health professions council')?.body.name).toMatch(
      /^Health and Care Professions Council \(HCPC\)/,
    );
  });

  // List 3 spells it "Royal College of Midwives (RCM)"; typed so, it is listed first, as itself.
  it("lists a body typed with List 3's own spelling", () => {
    expect(first('Royal College of Midwives (RCM)')).toMatchObject({
      kind: 'exact',
      body: { name: 'Royal College of Midwives (RCM)', shortName: 'Royal College of Midwives' },
    });
  });

  // List 3: "Law Society (allow ...)", "Law Society of Scotland (...)", "Kent Law Society".
  it('puts the best matches first: exact, initials, start of the name, every word, then inside', () => {
    const order: ProfessionalBodyMatchKind[] = ['exact', 'initials', 'prefix', 'words', 'contains'];
    const found = findProfessionalBodies('law society', 50);
    expect(found[0]?.body.shortName).toBe('Law Society');
    const ranks = found.map((m) => order.indexOf(m.kind));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(found.some((m) => m.kind === 'prefix' && m.body.shortName === 'Law Society of Scotland')).toBe(
      true,
    );
    expect(found.some((m) => m.kind === 'words' && m.body.name === 'Kent Law Society')).toBe(true);
  });

  // A word inside a name, in any order ("midwives royal college").
  it('finds names by their words in any order', () => {
    expect(first('midwives royal college')?.body.name).toBe('Royal College of Midwives (RCM)');
  });

  it('is bounded: 10 by default, never over its maximum, nothing for nothing typed', () => {
    expect(findProfessionalBodies('a')).toHaveLength(10);
    expect(findProfessionalBodies('a', 1000)).toHaveLength(PROFESSIONAL_BODY_SEARCH_MAX);
    expect(findProfessionalBodies('a', 3)).toHaveLength(3);
    expect(findProfessionalBodies('  ')).toEqual([]);
    expect(findProfessionalBodies('zzqqxx')).toEqual([]);
  });
});

describe('professionalBodyByName', () => {
  // List 3: "Royal College of Midwives (RCM)".
  it('takes the exact name, the name without its notes, or initials that fit one body', () => {
    const rcm = 'Royal College of Midwives (RCM)';
    expect(professionalBodyByName(rcm)?.name).toBe(rcm);
    expect(professionalBodyByName('royal college of midwives')?.name).toBe(rcm);
    expect(professionalBodyByName('RCM')?.name).toBe(rcm);
    expect(professionalBodyByName('Royal College of Midwive')).toBeUndefined();
  });

  // List 3: "Agency Chief Executives Association (ACE)" and "Association of Clinical Embryologists
  // (ACE)" share their initials.
  it('gives nothing for initials that fit several bodies', () => {
    expect(professionalBodyByName('ACE')).toBeUndefined();
    expect(findProfessionalBodies('ACE').filter((m) => m.kind === 'initials').length).toBeGreaterThanOrEqual(
      2,
    );
  });

  // List 3 names every one of its bodies: each resolves to itself.
  it('finds every body on List 3 by its own name', () => {
    for (const b of LIST_3.bodies) expect(professionalBodyByName(b.name)?.name).toBe(b.name);
  });
});

describe('feeReliefFor (ITEPA 2003 s343-344, D39)', () => {
  // List 3: "Royal College of Midwives (RCM)", no first year.
  it('counts a fee to a body on List 3', () => {
    expect(feeReliefFor('Royal College of Midwives (RCM)', '2024/25')).toMatchObject({
      counts: true,
      body: { name: 'Royal College of Midwives (RCM)' },
    });
  });

  // EIM32885: trade union subscriptions are not deductible; UNISON is not on List 3 (only its
  // "UNISON Healthcare Sector (tax relief due on 70% ...)" is).
  it('counts £0 for a trade union not on List 3, with the reason and the listed part of it', () => {
    const r = feeReliefFor('UNISON', '2024/25');
    expect(r).toMatchObject({ counts: false, code: 'trade-union' });
    if (r.counts) throw new Error('UNISON counted');
    expect(r.reason).toMatch(/trade union/);
    expect(r.suggestions[0]).toMatch(/^UNISON Healthcare Sector/);
    for (const union of ['Unite the Union', 'GMB', 'Public and Commercial Services Union', 'pcs'])
      expect(feeReliefFor(union, '2024/25')).toMatchObject({ counts: false, code: 'trade-union' });
    expect(TRADE_UNION_FEES_NOTE).toMatch(/not professional fees/);
  });

  // List 3: "Royal College of Nursing (J) ...", "NASUWT the teachers’ union (tax relief is
  // restricted to 2/3 of the annual membership)", "Medical Defence Union (MDU)" are on List 3, so
  // none is refused as a union; EIM32881: only part of some subscriptions counts.
  it('counts a body on List 3 even if it is also a union, with its note on the part that counts', () => {
    expect(feeReliefFor('Royal College of Nursing', '2024/25').counts).toBe(true);
    expect(feeReliefFor('Medical Defence Union', '2024/25').counts).toBe(true);
    const nasuwt = feeReliefFor('NASUWT', '2024/25');
    expect(nasuwt.counts).toBe(true);
    expect(nasuwt.body?.notes).toEqual(['tax relief is restricted to 2/3 of the annual membership']);
  });

  // List 3 has no such body.
  it('counts £0 for a body not on List 3, with the reason', () => {
    const r = feeReliefFor('My Local Nurses Club', '2024/25');
    expect(r).toMatchObject({ counts: false, code: 'not-listed' });
    if (r.counts) throw new Error('counted');
    expect(r.reason).toBe(
      "“My Local Nurses Club” is not on HMRC's list of approved professional bodies (List 3), so fees paid to it do not count.",
    );
    expect(feeReliefFor('', '2024/25')).toMatchObject({ counts: false, code: 'no-body' });
  });

  // List 3 / HMRC's service: "100 Women in Finance Association", startYear 2018, so from 2018/19
  // (validateStartYear: startYear <= year).
  it('counts £0 for a year before the body was approved, and counts from that year on', () => {
    const r = feeReliefFor('100 Women in Finance Association', '2017/18');
    expect(r).toMatchObject({ counts: false, code: 'before-approval' });
    if (r.counts) throw new Error('counted');
    expect(r.reason).toBe(
      'HMRC approved “100 Women in Finance Association” for tax relief from 2018/19 (from 6 April 2018), so fees paid in 2017/18 do not count.',
    );
    expect(feeReliefFor('100 Women in Finance Association', '2018/19').counts).toBe(true);
    expect(feeReliefFor('100 Women in Finance Association', '2025/26').counts).toBe(true);
  });

  it('refuses a malformed tax year', () => {
    expect(() => feeReliefFor('Royal College of Midwives (RCM)', '2024')).toThrow(/Malformed tax year/);
  });
});

// scripts/refresh-list-3.mjs, run as a Node script. The domain compiles without Node's types (it
// runs in browsers too), so this test names the few Node functions it uses.
declare const process: { execPath: string; getBuiltinModule(id: string): unknown };
const { execFileSync } = process.getBuiltinModule('node:child_process') as {
  execFileSync(file: string, args: string[], options: { encoding: 'utf8'; stdio?: string[] }): string;
};
const fs = process.getBuiltinModule('node:fs') as {
  readFileSync(path: string, encoding: 'utf8'): string;
  writeFileSync(path: string, text: string): void;
  mkdtempSync(prefix: string): string;
  rmSync(path: string, options: { recursive: boolean; force: boolean }): void;
};
const { createHash } = process.getBuiltinModule('node:crypto') as {
  createHash(algorithm: 'sha256'): { update(text: string): { digest(encoding: 'hex'): string } };
};
const { tmpdir } = process.getBuiltinModule('node:os') as { tmpdir(): string };
const { fileURLToPath } = process.getBuiltinModule('node:url') as { fileURLToPath(url: string): string };
const path = process.getBuiltinModule('node:path') as {
  dirname(path: string): string;
  resolve(...paths: string[]): string;
};

const HERE = path.dirname(fileURLToPath((import.meta as unknown as { url: string }).url));
const pathOf = (relative: string) => path.resolve(HERE, relative);
const SCRIPT = pathOf('../../../scripts/refresh-list-3.mjs');
const FIXTURES = '../../../scripts/fixtures/list-3/';
const META = [
  '--commit',
  LIST_3.sourceCommit,
  '--source-date',
  LIST_3.sourceDate,
  '--retrieved',
  LIST_3.retrieved,
];

function refresh(input: string, out: string, extra: string[] = []): string {
  return execFileSync(process.execPath, [SCRIPT, input, '--out', out, ...META, ...extra], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function withTempDir<T>(run: (dir: string) => T): T {
  const dir = fs.mkdtempSync(`${tmpdir()}/list-3-`);
  try {
    return run(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('scripts/refresh-list-3.mjs', () => {
  // A sample of HMRC's conf/professional-bodies.json (eleven real entries, with List 3's own
  // doubled and trailing spaces, and one made-up body with synonyms, which HMRC's current file
  // does not use), and the module the script must write for it.
  it("writes exactly the expected module for a sample of HMRC's file", () => {
    withTempDir((dir) => {
      const out = `${dir}/list-3.ts`;
      refresh(pathOf(`${FIXTURES}professional-bodies.sample.json`), out);
      const expected = fs.readFileSync(pathOf(`${FIXTURES}expected-list-3.ts.txt`), 'utf8');
      expect(fs.readFileSync(out, 'utf8')).toBe(expected);
      // --check agrees, and fails once the file differs.
      expect(refresh(pathOf(`${FIXTURES}professional-bodies.sample.json`), out, ['--check'])).toMatch(
        /is what/,
      );
      fs.writeFileSync(out, expected.replace('2018/19', '2019/20'));
      expect(() => refresh(pathOf(`${FIXTURES}professional-bodies.sample.json`), out, ['--check'])).toThrow();
    });
  });

  // Our data module is the script's own output: HMRC's entries rebuilt from it give it back
  // byte for byte (only the input's checksum line can differ, as the input is a rebuilt copy).
  it('gives back the committed data module from the same entries', () => {
    withTempDir((dir) => {
      const input = `${dir}/professional-bodies.json`;
      const out = `${dir}/list-3.ts`;
      const entries = LIST_3.bodies.map((b) => ({
        name: b.name,
        synonyms: b.synonyms ?? [],
        ...(b.from !== undefined && { startYear: Number(b.from.slice(0, 4)) }),
      }));
      fs.writeFileSync(input, JSON.stringify(entries));
      refresh(input, out);
      const checksum = /\n {2}sourceSha256: '[0-9a-f]{64}',\n/;
      const committed = fs.readFileSync(pathOf('./data/list-3.ts'), 'utf8');
      expect(fs.readFileSync(out, 'utf8').replace(checksum, '\n')).toBe(committed.replace(checksum, '\n'));
    });
  });

  // The script writes the checksum of the bodies it wrote: a body changed by hand shows here.
  it('holds the bodies the script wrote, unchanged', () => {
    expect(createHash('sha256').update(JSON.stringify(LIST_3.bodies)).digest('hex')).toBe(
      LIST_3.bodiesSha256,
    );
  });

  // HMRC's own test file has an entry without a name ("NotAName"): the script stops.
  it('refuses an entry without a name', () => {
    withTempDir((dir) => {
      fs.writeFileSync(`${dir}/bad.json`, '[{ "NotAName": "1921 Surgical Club of Great Britain" }]');
      expect(() => refresh(`${dir}/bad.json`, `${dir}/out.ts`)).toThrow(/entry 1 has no name/);
    });
  });
});
