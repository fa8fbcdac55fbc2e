import type { Row } from '../../db/database.ts';
import { sha256Hex } from '../../crypto/hash.ts';
import type { FileStore } from '../../storage/file-store.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { RENDER_FILE_JOB } from './file-records.ts';
import type { DeferredRender, FileRenderer } from './file-records.ts';
import type { FilesRepository } from './repository.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/**
 * Deferred files (decision 025): rendered by the render-file job or by their first opening,
 * whichever comes first, once per process.
 */
export function createDeferredRendering(deps: { store: FileStore; repo: FilesRepository; jobs?: JobQueue }) {
  const { store, repo } = deps;
  const renderers = new Map<string, FileRenderer>();
  /** Renders under way in this process, by file id, so a job and a download share one. */
  const rendering = new Map<string, Promise<Row<'stored_files'> | null>>();

  /**
   * A deferred file's bytes, rendered and stored once; the row as it is when they are stored
   * already. Null when the file was deleted meanwhile (its bytes are then removed too).
   */
  function ensureRendered(row: Row<'stored_files'>): Promise<Row<'stored_files'> | null> {
    if (row.render_input === null) return Promise.resolve(row);
    let pending = rendering.get(row.id);
    if (pending === undefined) {
      pending = renderNow(row).finally(() => rendering.delete(row.id));
      rendering.set(row.id, pending);
    }
    return pending;
  }

  async function renderNow(row: Row<'stored_files'>): Promise<Row<'stored_files'> | null> {
    const { render, input } = JSON.parse(row.render_input ?? 'null') as DeferredRender;
    const renderer = renderers.get(render);
    if (!renderer) throw new Error(`No renderer for deferred files of kind ${row.kind}`);
    const bytes = await renderer(input);
    const stored = { size: bytes.byteLength, sha256: sha256Hex(bytes) };
    // The same document is stored already for this session, kind and year (the stored_files key):
    // that record is the file, and this one gives way to it rather than failing on the key.
    const twinKey = {
      sessionId: row.session_id,
      kind: row.kind,
      taxYear: row.tax_year,
      sha256: stored.sha256,
    };
    const twin = await repo.findDuplicate(twinKey);
    if (twin !== null && twin.id !== row.id) return giveWayTo(row, twin);
    // Rendering is deterministic, so another instance storing the same key at once stores the same bytes.
    await store.put(row.storage_key, bytes);
    try {
      if (await repo.markRendered(row.id, stored)) return { ...row, ...stored, render_input: null };
    } catch (error) {
      // The twin was recorded between the look above and this update.
      const late = isUniqueViolation(error) ? await repo.findDuplicate(twinKey) : null;
      if (late === null || late.id === row.id) throw error;
      return giveWayTo(row, late);
    }
    const now = await repo.findById(row.id, null);
    if (now === null) await store.delete(row.storage_key).catch(() => {});
    return now;
  }

  /** Drops a deferred record (and any bytes under its key) for the stored file with the same bytes. */
  async function giveWayTo(
    row: Row<'stored_files'>,
    twin: Row<'stored_files'>,
  ): Promise<Row<'stored_files'>> {
    await repo.deleteById(row.id);
    await store.delete(row.storage_key).catch(() => {});
    return twin;
  }

  deps.jobs?.handle(RENDER_FILE_JOB, async (payload) => {
    const { fileId } = payload as { fileId: string };
    const row = await repo.findById(fileId, null);
    if (row !== null) await ensureRendered(row);
  });

  return {
    ensureRendered,
    /** Names the code that renders deferred files of one kind (decision 025). */
    addRenderer(name: string, renderer: FileRenderer): void {
      renderers.set(name, renderer);
    },
  };
}
