// Issue 45: the charts' series, told apart by colour and by line pattern (never colour alone,
// WCAG 1.4.1); each colour has at least 3:1 contrast with the white page (WCAG 1.4.11).
export const SERIES_STYLES = [
  { colour: '#0a5c47', dash: undefined, pattern: 'solid line' }, // the brand's green
  { colour: '#1d4ed8', dash: [8, 4], pattern: 'dashed line' },
  { colour: '#b45309', dash: [2, 3], pattern: 'dotted line' },
  { colour: '#7e22ce', dash: [10, 3, 2, 3], pattern: 'dash-dot line' },
  { colour: '#be123c', dash: [14, 6], pattern: 'long dashes' },
] as const;
