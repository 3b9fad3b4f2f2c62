import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { DRAFT_KEPT_DAYS } from '@/lib/draft-store';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-extrabold">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

const RETENTION: [what: string, howLong: string][] = [
  ['Your account and profile (name, e-mail, picture, location)', 'Until you delete your account'],
  ['Designs, their photos, results, refinements, names and notes', 'Until you delete the design (or the image), or your account'],
  ['A replaced profile picture or StyleLens', 'Its photos are deleted as soon as it is replaced'],
  ['Feedback, gallery shares and bug reports you sent logged in', 'Until you delete your account'],
  ['Sign-in sessions', '14 days at most (they are never extended); ended at once when you log out'],
  ['Sign-in links', 'Work once, for 10 minutes; we keep only a fingerprint (hash) of the link'],
  ['Links that confirm a new e-mail address', 'Work once, for 1 hour'],
  ['E-mails we send you (sign-in links, confirmations)', 'Queued in our database and removed about a week after they are sent'],
  ['Counters that limit repeated attempts (by e-mail or network address)', 'Reset after their window (a minute to an hour)'],
  [
    'A design form you have not sent yet (on your device only)',
    `Until the design is made, you press Clear form or log out, or ${DRAFT_KEPT_DAYS} days after your last change`,
  ],
];

/** /privacy: what is stored, for how long, and how to take it away or delete it. */
export function Component() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.home}>
          <ArrowLeft className="size-4" aria-hidden /> Back to Home
        </Link>
      </Button>
      <h1 className="mt-4 text-4xl font-extrabold tracking-tight">Privacy</h1>
      <p className="mt-3 text-lg text-slate-700">
        Room Visualizer keeps only what it needs to make and keep your designs. This page lists what that is, how long we keep it, and how
        you can take a copy of it or delete it.
      </p>

      <WhatWeStore />

      <Section id="privacy-photos" title="Your photos keep no metadata">
        <p>
          Every photo you upload (rooms, items, inspiration, tweaks, StyleLens, your profile picture and bug report screenshots) is checked,
          turned upright and saved again as a new WebP image with all of its metadata removed: no camera details, no date, and no GPS
          location. The file you sent is not kept.
        </p>
      </Section>

      <Section id="privacy-retention" title="How long we keep it">
        <RetentionTable />
      </Section>

      <Section id="privacy-export" title="Download your data">
        <p>
          On{' '}
          <Link to={paths.account} className="font-semibold text-brand-700 underline">
            Your Account
          </Link>
          , under <em>Your data</em>, <strong>Download my data</strong> gives you one ZIP archive with your profile, subscription summary,
          StyleLens and credit usage (<code>profile.json</code>), every design with its refinements, feedback and sharing (
          <code>designs.json</code>), your homes and the looks you took from results (<code>homes.json</code>), your bug reports (
          <code>bug-reports.json</code>), and every image of yours in readable folders.
        </p>
      </Section>

      <Section id="privacy-delete" title="Delete your account">
        <p>
          <strong>Delete account</strong> on the same page asks you to type your e-mail address again. Then, at once:
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>your subscription is cancelled at the payment provider (no further charge; the current month is not refunded);</li>
          <li>
            every file of yours is deleted: photos, results, refinements, tweak photos, thumbnails, your profile picture, your StyleLens
            photos and your bug report screenshots;
          </li>
          <li>
            every record of yours is deleted: your account, profile, sessions, sign-in methods, designs, refinements, feedback, gallery
            shares, bug reports, pending sign-in and e-mail change links, the counters under your e-mail address, and the e-mails to you
            waiting in or kept by our mail queue;
          </li>
          <li>you are signed out everywhere, and that e-mail address can no longer sign in.</li>
        </ul>
        <p>Two records are kept without anything that identifies you:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            our record of the subscription keeps the payment provider&apos;s ids and its cancelled status, but not your e-mail address, so a
            late notice from the provider cannot bring the subscription back;
          </li>
          <li>
            the administrators&apos; audit log keeps its entries (an action and its time) with &ldquo;deleted account&rdquo; in place of
            your address.
          </li>
        </ul>
        <p>
          The payment provider keeps its own records of your payments (such as invoices) as the law requires. Server logs are not edited;
          they expire with the log retention.
        </p>
      </Section>
    </div>
  );
}

/** What we store, item by item. */
function WhatWeStore() {
  return (
    <Section id="privacy-stored" title="What we store">
      <ul className="list-disc space-y-2 pl-6">
        <li>
          <strong>Your account:</strong> your name, e-mail address and profile picture. Your password is never stored, only a memory-hard
          (scrypt) hash of it. If you sign in with Google, we keep your Google account id and the tokens Google issues at sign-in.
        </li>
        <li>
          <strong>Your approximate location:</strong> when you save your profile, we look up the country, region and city (with rough
          coordinates) of your network address in a geolocation database kept on our own server. No outside service is asked. It stays on
          your profile until you save it again or delete your account.
        </li>
        <li>
          <strong>Your designs:</strong> the room photo, the furniture, finish, inspiration and tweak photos you add, what you write, the
          generated images and refinements, the names, room types and notes you give them, which ones you saved, your feedback and the
          designs you share with our gallery.
        </li>
        <li>
          <strong>Your StyleLens:</strong> its 5 to 10 photos and the style profile made from them.
        </li>
        <li>
          <strong>Your subscription:</strong> the payment provider&apos;s customer and subscription ids, the status, the next billing date
          and how many transformations you used this month. Card details are entered in the payment provider&apos;s own form (Stripe) and
          never reach our servers.
        </li>
        <li>
          <strong>Sessions:</strong> a random session id in a cookie, with the network address and browser it was started from.
        </li>
        <li>
          <strong>Bug reports:</strong> the description, the e-mail address you give, the page address, your browser and any screenshots. A
          report sent while you are logged in belongs to your account (we acknowledge it to your account&apos;s address); one sent logged
          out belongs to no account, and we e-mail no one about it.
        </li>
        <li>
          <strong>On your device:</strong> while you fill in a design form, your browser keeps what you entered (the photos, the words and
          your choices) so that nothing is lost if you go back, reload or close the page. It stays in your browser (its IndexedDB), under
          your account, is never sent to us until you create the design, and is removed once the design is made, when you press Clear form,
          when you log out or delete your account, or {DRAFT_KEPT_DAYS} days after you last changed it.
        </li>
        <li>
          <strong>Server logs:</strong> each request (time, address of the page, result, network address; never your cookies or passwords)
          is written to the server&apos;s log, which is kept as long as the operator&apos;s log retention.
        </li>
        <li>
          <strong>Outside AI services:</strong> when the service is set up with an outside AI provider (Google Gemini or OpenAI), the photos
          and text of a design or StyleLens are sent to it to make that design. Otherwise everything is made on our own server.
        </li>
      </ul>
    </Section>
  );
}

/** How long each thing is kept (RETENTION), as a table. */
function RetentionTable() {
  return (
    <table className="w-full border-collapse text-left text-sm">
      <thead>
        <tr className="border-b border-slate-300">
          <th scope="col" className="py-2 pr-4 font-semibold text-slate-900">
            What
          </th>
          <th scope="col" className="py-2 font-semibold text-slate-900">
            How long
          </th>
        </tr>
      </thead>
      <tbody>
        {RETENTION.map(([what, howLong]) => (
          <tr key={what} className="border-b border-slate-200 align-top">
            <th scope="row" className="py-2 pr-4 font-normal text-slate-800">
              {what}
            </th>
            <td className="py-2 text-slate-700">{howLong}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
