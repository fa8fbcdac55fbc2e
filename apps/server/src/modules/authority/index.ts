// The claimant's authority for us to act (its terms and its signed document): what other modules
// use of it.

export { authorityOf, readAuthorityTerms } from './terms.ts';
export { signedAuthorityFile } from './deferred.ts';
