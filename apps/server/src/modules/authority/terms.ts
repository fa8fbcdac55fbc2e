import { authorityCanonical, buildAuthorityDocument } from '@taxback/domain';
import type { AuthorityDocument, AuthorityInput, AuthorityTerms } from '@taxback/domain';
import { publicSettingsSchema } from '@taxback/domain/schemas';
import type { Config } from '../../config.ts';
import { sha256Hex } from '../../crypto/hash.ts';
import { fromJsonText } from '../../db/values.ts';

/** D19/D20: the authority's terms from configuration; also what GET /api/settings answers. */
export function authorityTermsOf(config: Pick<Config, 'company' | 'fees' | 'site'>): AuthorityTerms {
  return {
    agent: {
      companyName: config.company.name,
      address: config.company.address,
      hmrcAgentReference: config.company.hmrcAgentReference,
      ...(config.site.phone ? { phone: config.site.phone } : {}),
    },
    fee: { ...config.fees },
  };
}

/** The terms stored with a signed claim (authority_terms), or null when absent or unreadable. */
export function readAuthorityTerms(text: string | null): AuthorityTerms | null {
  const parsed = publicSettingsSchema.safeParse(fromJsonText<unknown>(text, null));
  return parsed.success ? parsed.data : null;
}

/** The document, and the D15 hash of its canonical content. */
export function authorityOf(input: AuthorityInput): { document: AuthorityDocument; hash: string } {
  const document = buildAuthorityDocument(input);
  return { document, hash: sha256Hex(authorityCanonical(document)) };
}
