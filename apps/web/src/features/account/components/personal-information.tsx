import type { UserProfile } from '@rv/contracts/api/account';
import { messages } from '@rv/contracts/messages';
import { MailCheck, MailWarning, Pencil } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import type { Location, ProfileDetails } from '../api/get-user-profile';
import { sendConfirmationLink } from '../api/send-confirmation-link';
import { useUpdateUserProfile } from '../api/update-user-profile';
import { AvatarPicker } from './avatar-picker';

const placeOf = (location: Location | null | undefined) =>
  location ? [location.city, location.region, location.country].filter(Boolean).join(', ') || null : null;

/** Personal Information: view, or edit with Cancel and Save (docs/product-rules.md#account-page). */
export function PersonalInformation({ profile, details }: { profile: UserProfile; details: ProfileDetails | undefined }) {
  const [editing, setEditing] = useState(false);
  const [editCount, setEditCount] = useState(0);
  const [name, setName] = useState(profile.name);
  const [email, setEmail] = useState(profile.email);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const update = useUpdateUserProfile();
  const nameInput = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // The pressed button gives way to the form (and the form to the button): focus goes with it, to the name
  // or back to Edit, never to the page's start. Only on a change: the page's first draw takes no focus.
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current !== editing) (editing ? nameInput : editButton).current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const startEditing = () => {
    setName(profile.name);
    setEmail(profile.email);
    setAvatar(null);
    setEmailError(null);
    setEditCount((n) => n + 1);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setAvatar(null);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!email.includes('@')) {
      setEmailError(messages.validation.invalidEmail);
      return;
    }
    setEmailError(null);
    update.mutate(
      { name: name.trim(), email: email.trim(), location: details?.location, avatar },
      {
        // The outcome shown is the real one: success only once the server has saved it.
        onSuccess: () => {
          toast.success(messages.account.profileUpdated);
          setEditing(false);
          setAvatar(null);
        },
        onError: (error) => {
          const reason = errorMessage(error, '');
          toast.error(messages.account.profileUpdateFailed, reason ? { description: reason } : undefined);
        },
      },
    );
  };

  return (
    <section aria-labelledby="personal-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="personal-title" className="text-xl font-extrabold">
          Personal Information
        </h2>
        {!editing && (
          <Button ref={editButton} variant="secondary" size="sm" onClick={startEditing}>
            <Pencil className="size-4" aria-hidden /> Edit
          </Button>
        )}
      </div>
      {editing ? (
        <form className="mt-5 flex flex-col gap-6 sm:flex-row" onSubmit={save} noValidate aria-label="Edit personal information">
          <AvatarPicker
            key={editCount}
            currentUrl={profile.userAvatarStorageUrl}
            file={avatar}
            onChange={setAvatar}
            editing
            name={profile.name}
          />
          <div className="flex-1 space-y-4">
            <Field id="profile-name" label="Name">
              <Input ref={nameInput} id="profile-name" value={name} maxLength={100} autoComplete="name" onChange={(e) => setName(e.target.value)} />
            </Field>
            <Field
              id="profile-email"
              label="Email"
              error={emailError ?? undefined}
              hint="Changing it sends a confirmation link to the new address; it changes once you open the link."
            >
              <Input
                id="profile-email"
                type="email"
                value={email}
                maxLength={254}
                autoComplete="email"
                aria-invalid={Boolean(emailError)}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field>
            <div className="flex flex-wrap gap-3">
              <Button type="button" variant="secondary" onClick={cancel} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save'}
              </Button>
            </div>
          </div>
        </form>
      ) : (
        <ProfileDetailsView profile={profile} place={placeOf(details?.location)} />
      )}
      {!profile.emailConfirmed && <UnconfirmedEmail email={profile.email} />}
      {details?.pendingEmail && (
        <p role="status" className="mt-4 flex items-start gap-2 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800">
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            We sent a confirmation link to <strong>{details.pendingEmail}</strong>. Your e-mail address changes once you open it.
          </span>
        </p>
      )}
    </section>
  );
}

/** The profile as it is: the picture, name, e-mail address and approximate place. */
function ProfileDetailsView({ profile, place }: { profile: UserProfile; place: string | null }) {
  return (
    <div className="mt-5 flex flex-col gap-6 sm:flex-row sm:items-center">
      <AvatarPicker currentUrl={profile.userAvatarStorageUrl} file={null} onChange={() => undefined} editing={false} name={profile.name} />
      <dl className="grid flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-2 sm:gap-x-6">
        <dt className="font-semibold text-slate-600">Name</dt>
        <dd data-testid="profile-name">{profile.name || 'Not set'}</dd>
        <dt className="font-semibold text-slate-600">Email</dt>
        <dd data-testid="profile-email" className="break-all">
          {profile.email}
        </dd>
        <dt className="font-semibold text-slate-600">Location</dt>
        <dd data-testid="profile-location">{place ?? 'Not known yet'}</dd>
      </dl>
    </div>
  );
}

/** An account a checkout made is the buyer's to use, but it is only theirs for good once they open a link sent to the address. */
function UnconfirmedEmail({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const send = () => {
    setSending(true);
    sendConfirmationLink(email)
      .then(() => toast.success(messages.auth.checkYourEmail, { description: `We sent a confirmation link to ${email}.` }))
      .catch((error: unknown) => toast.error(errorMessage(error, 'The confirmation link could not be sent. Please try again.')))
      .finally(() => setSending(false));
  };
  return (
    <div role="status" className="mt-4 flex flex-wrap items-start gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        Please confirm your e-mail address: we sent you a link at <strong>{email}</strong>. Until you do, you can use everything as usual;
        confirming keeps the account yours for good.
      </p>
      <Button type="button" size="sm" variant="secondary" onClick={send} disabled={sending}>
        {sending ? 'Sending...' : 'Send a new link'}
      </Button>
    </div>
  );
}
