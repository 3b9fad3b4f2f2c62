import { messages } from '@rv/contracts/messages';
import { ExternalLink, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAdminList } from '../api/get-admin-list';
import { AdminCard } from './admin-card';
import { AdminListView } from './admin-list-view';

/** Design Feedback: helpful or not, the text, and a link to the design. */
export function DesignFeedbackPanel() {
  const [page, setPage] = useState(1);
  const query = useAdminList('design-feedback', { page });
  return (
    <AdminListView
      label="Design feedback"
      query={query}
      page={page}
      onPageChange={setPage}
      failedText={messages.admin.fetchFeedbackFailed}
      emptyText={messages.empty.noFeedback}
      renderRow={(feedback) => (
        <AdminCard key={feedback.id} title={feedback.email} createdAt={feedback.createdAt}>
          {feedback.isHelpful ? (
            <p className="inline-flex items-center gap-1.5 rounded-full bg-green-50 px-3 py-1 font-semibold text-green-800">
              <ThumbsUp className="size-4" aria-hidden /> Helpful
            </p>
          ) : (
            <p className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-3 py-1 font-semibold text-red-800">
              <ThumbsDown className="size-4" aria-hidden /> Not helpful
            </p>
          )}
          <p className="whitespace-pre-wrap break-words">{feedback.feedbackText || 'No comment'}</p>
          <Link
            to={feedback.designUrl}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-4"
          >
            View design
            <ExternalLink className="size-4" aria-hidden />
          </Link>
        </AdminCard>
      )}
    />
  );
}
