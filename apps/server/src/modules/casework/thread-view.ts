import { INFORMATION_ITEM_KINDS, itemTitle } from '@taxback/domain/casework';
import type { ClaimThread, InformationItemKind } from '@taxback/domain/casework';
import { fromJsonText } from '../../db/values.ts';
import type { FilesService } from '../files/index.ts';
import type { CaseworkRepository } from './repository.ts';

// A claim's thread as either side reads it: the operator's with names and file links to
// /api/files, the claimant's with "Our team" and links to /api/status/files.

export interface ThreadReader {
  repo: CaseworkRepository;
  files: FilesService;
}

const kindOf = (kind: string): InformationItemKind =>
  (INFORMATION_ITEM_KINDS as readonly string[]).includes(kind) ? (kind as InformationItemKind) : 'question';

export async function readThread(
  deps: ThreadReader,
  claimId: string,
  side: 'operator' | 'claimant',
): Promise<ClaimThread> {
  // D38: a case's thread holds what the claims that follow it wrote before they joined it; their
  // requests are shown as history, answered on the case's own requests from now on.
  const folded = (await deps.repo.followers(claimId)).map((f) => f.id);
  const [messages, requests] = await Promise.all([
    deps.repo.messages(claimId, folded),
    deps.repo.requests(claimId, folded),
  ]);
  const items = await deps.repo.items(requests.map((r) => r.id));
  const urlOf = (id: string) => (side === 'operator' ? `/api/files/${id}` : `/api/status/files/${id}`);
  const attachments = async (json: string) => {
    const ids = fromJsonText<string[]>(json, []);
    const found = await Promise.all(ids.map((id) => deps.files.findFile(id, null)));
    return found.flatMap((f) =>
      f ? [{ id: f.id, filename: f.filename, size: f.size, url: urlOf(f.id) }] : [],
    );
  };
  return {
    messages: await Promise.all(
      messages.map(async (m) => ({
        id: m.id,
        author: m.author,
        authorName:
          m.author === 'claimant'
            ? side === 'operator'
              ? 'Claimant'
              : 'You'
            : side === 'operator'
              ? (m.operator ?? 'An operator')
              : 'Our team',
        body: m.body,
        at: m.created_at,
        requestId: m.request_id,
        attachments: await attachments(m.file_ids),
      })),
    ),
    requests: await Promise.all(
      requests.map(async (r) => ({
        id: r.id,
        replyBy: r.reply_by,
        open: r.status === 'open' && r.claim_id === claimId,
        createdAt: r.created_at,
        answeredAt: r.answered_at,
        items: await Promise.all(
          items
            .filter((i) => i.request_id === r.id)
            .map(async (i) => ({
              id: i.id,
              kind: kindOf(i.kind),
              title: itemTitle({
                kind: kindOf(i.kind),
                question: i.question,
                document: i.document,
                taxYear: i.tax_year,
              }),
              question: i.question,
              document: i.document,
              taxYear: i.tax_year,
              employmentId: i.employment_id,
              answer: i.answer,
              files: await attachments(i.file_ids),
            })),
        ),
      })),
    ),
  };
}
