import { emailSchema } from '@rv/contracts/email';
import { messages } from '@rv/contracts/messages';
import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { takeReturnPath } from '@/lib/return-path';
import { getSiteConfig } from '@/lib/site-config';
import { checkUser, loginWithPassword, requestSignin, startGoogleSignIn } from '../api/sign-in';

/** better-auth's OAuth error codes, in the spec's words. */
function googleErrorMessage(code: string): string {
  if (code === 'access_denied' || code === 'login_cancelled') return messages.auth.loginCancelled;
  if (/signup|user_not_found|unable_to_create_user|account_not_linked/i.test(code)) return messages.auth.noGoogleAccount;
  return messages.auth.loginFailed;
}

/** The password's field and label, which 'Use a password instead' shows and hides. */
const PASSWORD_PANEL = 'login-password-panel';

/**
 * Log in: a sign-in link by e-mail, or a password. The page is in the HTML from the start (ADR 018), so its
 * fields are the browser's own (read when the form is sent): what is typed before React runs the page is
 * what is sent.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  // The address last sent, kept for 'Use a different email'.
  const [email, setEmail] = useState('');
  const [usePassword, setUsePassword] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const googleEnabled = getSiteConfig().googleSignIn;

  // Arriving from a 401, a failed link or a failed Google sign-in: say why, once.
  useEffect(() => {
    const notice =
      (location.state as { notice?: string; error?: string } | null)?.error ?? (location.state as { notice?: string } | null)?.notice;
    const oauthError = search.get('error');
    // Several calls refused at once (a page's data asked for in parallel) each send the person here: the
    // notice is one toast, keyed by its text.
    if (notice) toast.error(notice, { id: notice });
    else if (oauthError) toast.error(googleErrorMessage(oauthError));
    if (oauthError) setSearch({}, { replace: true });
  }, [location.state, search, setSearch]);

  // Back where the person was when their session ended, else the default landing.
  const afterSignIn = (hasToolAccess: boolean) => void navigate(takeReturnPath() ?? (hasToolAccess ? paths.spaceSelection : paths.account));

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = String(form.get('email') ?? '');
    setEmail(typed);
    const parsed = emailSchema.safeParse(typed);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.validation.invalidEmail);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      if (usePassword) {
        const answer = await loginWithPassword(parsed.data, String(form.get('password') ?? ''));
        afterSignIn(answer.user.hasToolAccess);
        return;
      }
      await checkUser(parsed.data);
      await requestSignin(parsed.data);
      setSentTo(parsed.data);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404) {
        void navigate(paths.pricing, { state: { notice: messages.auth.noAccount } });
        return;
      }
      toast.error(errorMessage(caught, messages.auth.loginFailed));
    } finally {
      setPending(false);
    }
  };

  const google = async () => {
    try {
      const { url } = await startGoogleSignIn();
      window.location.assign(url);
    } catch (caught) {
      toast.error(errorMessage(caught, messages.auth.loginFailed));
    }
  };

  if (sentTo) {
    return (
      <div className="text-center" role="status">
        <MailCheck className="mx-auto size-12 text-brand-700" aria-hidden />
        <h2 className="mt-4 text-2xl font-extrabold">{messages.auth.checkYourEmail}</h2>
        <p className="mt-2 text-slate-700">
          We sent a sign-in link to <strong>{sentTo}</strong>. It works once and expires in 10 minutes.
        </p>
        <Button variant="secondary" className="mt-6" onClick={() => setSentTo(undefined)}>
          Use a different email
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <Field id="login-email" label="Email" error={error} required={messages.validation.invalidEmail}>
        <Input id="login-email" name="email" type="email" autoComplete="email" defaultValue={email} required />
      </Field>
      {/* In the page from the start, shown by its button (a disclosure the page's inline keeper opens before React runs). */}
      <div id={PASSWORD_PANEL} hidden={!usePassword}>
        <Field id="login-password" label="Password">
          <Input id="login-password" name="password" type="password" autoComplete="current-password" required={usePassword} />
        </Field>
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
      <button
        type="button"
        className="w-full text-sm font-semibold text-brand-700 hover:underline"
        aria-expanded={usePassword}
        aria-controls={PASSWORD_PANEL}
        onClick={() => setUsePassword((v) => !v)}
      >
        {usePassword ? 'Email me a sign-in link instead' : 'Use a password instead'}
      </button>
      <div className="flex items-center gap-3 text-sm text-slate-600" aria-hidden>
        <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button type="button" variant="secondary" className="w-full" onClick={google} disabled={!googleEnabled}>
        Login with google
      </Button>
      {!googleEnabled && <p className="text-center text-sm text-slate-600">Google sign-in is not configured on this server.</p>}
      <p className="text-center text-sm text-slate-700">
        No account yet?{' '}
        <Link to={paths.pricing} className="font-semibold text-brand-700 hover:underline">
          Subscribe
        </Link>
      </p>
    </form>
  );
}
