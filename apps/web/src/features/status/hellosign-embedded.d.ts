// Decision 079: the parts of Dropbox Sign's embedded client (hellosign-embedded 2.12, its minified
// UMD build) the status page uses.
declare module 'hellosign-embedded/umd/embedded.production.min.js' {
  export default class HelloSign {
    constructor(options: { clientId: string });
    open(url: string, options?: { testMode?: boolean; skipDomainVerification?: boolean }): void;
    close(): void;
    on(event: 'sign' | 'close' | 'error', listener: () => void): void;
  }
}
