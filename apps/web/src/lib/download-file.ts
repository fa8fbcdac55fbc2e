import { fetchFile } from './api/client.ts';

/**
 * Links cannot carry the session header (D5), so a download fetches the file with it and saves
 * the blob under its own name.
 */
export async function downloadFile(sessionId: string, url: string, filename: string): Promise<boolean> {
  const blob = await fetchFile(url, sessionId);
  if (!blob) return false;
  const objectUrl = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = objectUrl;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  return true;
}
