import fs from 'node:fs';

// Prints the functions a V8 CPU profile (.cpuprofile) spent most time in: self time, and total
// time (self plus callees) for the frames named, so a bench run's hot spots read in a terminal.
// Usage: node --import tsx bench/src/profile-top.ts <file.cpuprofile> [how many, default 30]

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, howMany = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [n]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const name = (n: ProfileNode) => {
  const where = n.callFrame.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/');
  return `${n.callFrame.functionName || '(anonymous)'} ${where}:${n.callFrame.lineNumber + 1}`;
};
const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  all += dt;
  const node = byId.get(id);
  if (!node) return;
  self.set(name(node), (self.get(name(node)) ?? 0) + dt);
  const seen = new Set<string>();
  for (let cur: ProfileNode | undefined = node; cur; cur = byId.get(parent.get(cur.id) ?? -1)) {
    const key = name(cur);
    if (seen.has(key)) continue;
    seen.add(key);
    total.set(key, (total.get(key) ?? 0) + dt);
  }
});
const top = (m: Map<string, number>) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(howMany))
    .map(([k, v]) => `${((v / all) * 100).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
console.log(`self time (of ${(all / 1e6).toFixed(1)} s sampled)\n${top(self)}\n\ntotal time\n${top(total)}`);
