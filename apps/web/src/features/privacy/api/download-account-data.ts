import { accountExportFilename } from '@rv/contracts/api/privacy';
import { messages } from '@rv/contracts/messages';
import { ApiError, callFile } from '@/lib/api-client';

/**
 * GET /api/account/export: fetched rather than followed as a link, so a refusal (signed out, too many
 * requests) shows the server's message instead of a broken download; the archive is then saved under
 * the server's dated name.
 */
export async function downloadAccountData(): Promise<string> {
  const response = await callFile('accountExport', {}, { accept: 'application/zip, application/json' });
  const blob = await response.blob().catch(() => {
    // The connection broke while the archive was streaming.
    throw new ApiError(502, JSON.stringify({ error: messages.privacy.exportFailed }));
  });
  // The file name the server gave, else the dated default.
  const filename = response.filename ?? accountExportFilename(new Date());
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
