// Decision 092: the status page's words and limits live in the domain module that also builds the
// zod schemas of the status answers (zod and the claim's schemas: most of the code the page would
// run before its sign-in is usable). The sign-in screen is drawn without them and loads them on
// the first tap, key or focus, or when an answer needs them, whichever comes first.

/** The domain's status module, fetched once. */
export const loadStatusWords = () => import('@taxback/domain/status-schemas');
