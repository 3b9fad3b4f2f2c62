import { messages } from '@rv/contracts/messages';
import { useState } from 'react';
import { useAdminList } from '../api/get-admin-list';
import { AdminCard, Detail } from './admin-card';
import { AdminListView } from './admin-list-view';
import { ZoomableImage } from './zoomable-image';

/** Only web addresses become links: a reporter could have sent any text as the page URL. */
function isWebUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Bug Reports: description, page URL, user agent and the attached screenshots. */
export function BugReportsPanel() {
  const [page, setPage] = useState(1);
  const query = useAdminList('bug-reports', { page });
  return (
    <AdminListView
      label="Bug reports"
      query={query}
      page={page}
      onPageChange={setPage}
      failedText={messages.admin.fetchBugReportsFailed}
      emptyText={messages.empty.noBugReports}
      renderRow={(report) => (
        <AdminCard key={report.id} title={report.email || 'Anonymous'} createdAt={report.createdAt}>
          <p className="whitespace-pre-wrap break-words">{report.description}</p>
          <dl className="space-y-1">
            <Detail label="Page">
              {isWebUrl(report.pageUrl) ? (
                <a href={report.pageUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline underline-offset-4">
                  {report.pageUrl}
                </a>
              ) : (
                report.pageUrl || '-'
              )}
            </Detail>
            <Detail label="User agent">{report.userAgent || '-'}</Detail>
          </dl>
          {report.attachmentUrls.length > 0 && (
            <div className="flex flex-wrap gap-2">
              {report.attachmentUrls.map((url, index) => (
                <ZoomableImage
                  key={url}
                  src={url}
                  alt={`Screenshot ${index + 1} of the report by ${report.email || 'an anonymous user'}`}
                />
              ))}
            </div>
          )}
        </AdminCard>
      )}
    />
  );
}
