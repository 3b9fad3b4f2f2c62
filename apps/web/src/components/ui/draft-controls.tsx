import { messages } from '@rv/contracts/messages';
import { Button } from './button';

/** Said at the top of a form whose draft was restored (ADR 054). */
export function DraftRestoredNotice() {
  return (
    <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-brand-800">
      {messages.drafts.restored}
    </p>
  );
}

/** Clear form: empties the form and forgets its draft (ADR 054). */
export function ClearFormButton({ onClear, disabled }: { onClear: () => void; disabled?: boolean }) {
  return (
    <div className="flex justify-center">
      <Button type="button" variant="ghost" onClick={onClear} disabled={disabled}>
        {messages.drafts.clear}
      </Button>
    </div>
  );
}
