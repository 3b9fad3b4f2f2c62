import { Info } from 'lucide-react';
import { messages } from '@rv/contracts/messages';

/**
 * Said on a result the local stand-in engine made (IMAGE_ENGINE=local, the embedded default): what made
 * it, what it can and cannot do, what it did not do of this request (`notes`, the engine's, its owner's
 * only: issue 51), and how the site's operator turns a real engine on.
 */
export function StandInNote({ notes }: { notes: readonly string[] }) {
  return (
    <aside aria-labelledby="stand-in-title" className="flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <Info className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="space-y-1 text-sm">
        <h2 id="stand-in-title" className="text-base font-bold">
          Made by the local preview engine, not by AI
        </h2>
        <p>
          This server runs without an AI image engine: the preview recolours your photo with the colours you asked for (on the walls, floor,
          ceiling or item you named them for) and places your item photos in it. It does not redraw furniture or materials; the Design
          Analysis below says what it did and did not do.
        </p>
        {notes.length > 0 && (
          <>
            <h3 className="pt-1 font-semibold">{messages.localEngine.notesTitle}</h3>
            <ul className="list-disc space-y-0.5 pl-5">
              {notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </>
        )}
        <p>
          For real redesigns, the site&apos;s operator sets <code>IMAGE_ENGINE=gemini</code> (with <code>GEMINI_API_KEY</code>) or{' '}
          <code>IMAGE_ENGINE=openai</code> (with <code>OPENAI_API_KEY</code>) and restarts the server.
        </p>
      </div>
    </aside>
  );
}
