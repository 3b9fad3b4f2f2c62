import { messages } from '@rv/contracts/messages';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { downloadAccountData } from '../api/download-account-data';
import { DeleteAccountDialog } from './delete-account-dialog';

/** 'Your data' on the account page: download everything as one archive, or delete the account. */
export function YourDataSection() {
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAccountData();
      toast.success(messages.privacy.exportStarted);
    } catch (error) {
      toast.error(errorMessage(error, messages.privacy.exportFailed));
    }
    setDownloading(false);
  };

  return (
    <section aria-labelledby="your-data-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="your-data-title" className="text-xl font-extrabold">
        {messages.privacy.sectionTitle}
      </h2>
      <p className="mt-1 text-slate-700">
        {messages.privacy.sectionIntro}{' '}
        <Link to={paths.privacy} className="font-semibold text-brand-700 underline">
          What we store and for how long
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void download()} disabled={downloading} aria-busy={downloading}>
          <Download className="size-4" aria-hidden /> {downloading ? messages.privacy.preparingArchive : messages.privacy.downloadData}
        </Button>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          <Trash2 className="size-4" aria-hidden /> {messages.privacy.deleteAccount}
        </Button>
      </div>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </section>
  );
}
