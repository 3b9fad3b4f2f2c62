import { ACCOUNT_EXPORT_PATH, accountExportFilename } from '@rv/contracts/api/privacy';
import { messages } from '@rv/contracts/messages';
import { ApiError } from '@/lib/api-client';

/** The file name the server gave in Content-Disposition, else the dated default. */
function filenameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? accountExportFilename(new Date());
}

/**
 * GET /api/account/export: fetched rather than followed as a link, so a refusal (signed out, too many
 * requests) shows the server's message instead of a broken download; the archive is then saved under
 * the server's dated name.
 */
export async function downloadAccountData(): Promise<string> {
  const response = await fetch(ACCOUNT_EXPORT_PATH, {
    credentials: 'same-origin',
    headers: { accept: 'application/zip, application/json' },
  });
  if (!response.ok) throw new ApiError(response.status, await response.text());
  const blob = await response.blob().catch(() => {
    // The connection broke while the archive was streaming.
    throw new ApiError(502, JSON.stringify({ error: messages.privacy.exportFailed }));
  });
  const filename = filenameOf(response);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return filename;
}
