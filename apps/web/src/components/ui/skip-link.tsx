/** The first thing on every page for keyboard users: a link to `#main`, shown when focused. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-3"
    >
      Skip to main content
    </a>
  );
}
