import type { HomeView } from '@rv/contracts/api/homes';
import { HOME_NAME_MAX } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { NativeDialog, dialogCommand, runDialogCommand } from '@/components/ui/native-dialog';
import { errorMessage } from '@/lib/api-client';
import { homeDownloadUrl, useHomeChanges, useHomes } from '../api/homes';
import { HomeRooms } from './home-rooms';

/** The id of the new home's name field (its error is `${NEW_HOME_NAME}-error`, FieldError's). */
const NEW_HOME_NAME = 'new-home-name';

/** The account's homes (issue 49): each home's rooms side by side, its name, its ZIP and its share page; a new home. */
export function HomesSection() {
  const homes = useHomes();
  const { add } = useHomeChanges();
  const [name, setName] = useState('');
  // A press of Add home with no name is told at once, without asking the server.
  const [nameMissing, setNameMissing] = useState(false);
  const addError = nameMissing
    ? messages.homes.nameRequired
    : add.isError
      ? errorMessage(add.error, 'The home could not be added. Please try again.')
      : undefined;
  return (
    <section aria-labelledby="homes-title" className="space-y-6">
      <h2 id="homes-title" className="text-2xl font-bold">
        Your homes
      </h2>
      {homes.isPending && <p role="status">Loading your homes...</p>}
      {homes.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(homes.error, 'Your homes could not be loaded. Please reload the page.')}
        </p>
      )}
      {homes.data?.homes.map((home) => (
        <HomeCard key={home.id} home={home} />
      ))}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim()) {
            setNameMissing(true);
            document.getElementById(NEW_HOME_NAME)?.focus();
            return;
          }
          add.mutate(name, { onSuccess: () => setName('') });
        }}
      >
        <label className="flex min-w-0 max-w-full flex-col gap-1">
          <span className="font-medium">Add a home</span>
          <input
            id={NEW_HOME_NAME}
            className="w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2"
            value={name}
            maxLength={HOME_NAME_MAX}
            onChange={(event) => {
              setName(event.target.value);
              setNameMissing(false);
            }}
            placeholder="Holiday cottage"
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? `${NEW_HOME_NAME}-error` : undefined}
          />
        </label>
        <Button type="submit" disabled={add.isPending}>
          Add home
        </Button>
        <div className="w-full">
          <FieldError id={NEW_HOME_NAME} error={addError} />
        </div>
      </form>
    </section>
  );
}

/**
 * One home: rename, share as one page (private by default; Share asks first, as a design's Share View does,
 * and only the dialog's Make the link public makes it so), download as one ZIP, and its rooms.
 */
function HomeCard({ home }: { home: HomeView }) {
  const { change } = useHomeChanges();
  const [name, setName] = useState(home.name ?? '');
  const link = typeof window === 'undefined' ? home.pagePath : `${window.location.origin}${home.pagePath}`;
  const shareDialogId = `share-home-${home.id}`;
  // What the last change was for: the share dialog's answer, the button's, or the name's.
  const changing = (isPublic: boolean) => change.variables?.isPublic === isPublic;
  const makingPublic = change.isPending && changing(true);
  const makingPrivate = change.isPending && changing(false);
  const shareFailed = change.isError && changing(true);
  const openShareDialog = dialogCommand(shareDialogId, 'show-modal');
  return (
    <article className="space-y-4 rounded-2xl border border-slate-200 p-4" aria-label={home.name ?? 'Home'}>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 max-w-full flex-col gap-1">
          <span className="text-sm font-medium">Home name</span>
          <input
            className="w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 text-lg font-semibold"
            value={name}
            maxLength={HOME_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => name.trim() && name !== home.name && change.mutate({ id: home.id, name })}
          />
        </label>
        <Button variant="secondary" asChild>
          <a href={homeDownloadUrl(home.id)} download>
            Download home (ZIP)
          </a>
        </Button>
        {/* One button for both states, so that the focus the share dialog gives back on closing finds it. */}
        <Button
          variant="secondary"
          {...(home.isPublic
            ? { onClick: () => change.mutate({ id: home.id, isPublic: false }), disabled: change.isPending }
            : {
                ...openShareDialog,
                // A share refused before is not said again when the dialog opens afresh.
                onClick: () => {
                  if (shareFailed) change.reset();
                  openShareDialog.onClick();
                },
              })}
        >
          {home.isPublic ? (makingPrivate ? 'Making it private...' : 'Make home private') : 'Share home'}
        </Button>
      </div>
      <NativeDialog
        id={shareDialogId}
        title="Share this home?"
        description="Anyone with the link will see the rooms of this home, each room's photo and its design (not the home's name). You can make it private again at any time."
        className="max-w-lg"
      >
        <div className="flex flex-wrap justify-end gap-2">
          {shareFailed && (
            <p role="alert" className="w-full text-sm text-red-700">
              {errorMessage(change.error, 'The home could not be shared. Please try again.')}
            </p>
          )}
          <Button variant="secondary" {...dialogCommand(shareDialogId, 'close')}>
            Cancel
          </Button>
          <Button
            onClick={() => change.mutate({ id: home.id, isPublic: true }, { onSuccess: () => runDialogCommand(shareDialogId, 'close') })}
            disabled={makingPublic}
          >
            {makingPublic ? 'Making it public...' : 'Make the link public'}
          </Button>
        </div>
      </NativeDialog>
      {home.isPublic && (
        <p className="text-sm [overflow-wrap:anywhere]">
          Anyone with this link can see the rooms of this home (not its name):{' '}
          <a className="font-medium text-brand-700 underline" href={home.pagePath} data-testid="home-share-link">
            {link}
          </a>
        </p>
      )}
      {change.isError && !shareFailed && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(change.error, 'The home could not be changed. Please try again.')}
        </p>
      )}
      <HomeRooms home={home} links />
    </article>
  );
}
