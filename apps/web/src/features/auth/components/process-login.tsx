import { messages } from '@rv/contracts/messages';
import { Loader2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { takeReturnPath } from '@/lib/return-path';
import { getToolAccess } from '@/lib/tool-access';
import { userProfileQueryOptions } from '@/lib/user-profile';
import { loginWithToken } from '../api/sign-in';

/**
 * Completes a sign-in. The e-mailed link only opens this page; the token is used by a POST from here,
 * so a mail scanner that follows the link cannot use it up. Every failure returns to /login with why.
 * A sign-in that was the first proof of the address ended any password set before it: the person lands
 * on the account page, which says so and offers to set one (ADR 056).
 */
export function ProcessLogin() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (error: string) => void navigate(paths.login, { replace: true, state: { error } });
    // Back where the person was when their session ended (same tab: Google, or a link opened here), else the
    // default; the account page first when the sign-in ended a password (the profile, asked here, says so).
    const land = async (hasToolAccess: boolean) => {
      const profile = await queryClient.fetchQuery(userProfileQueryOptions()).catch(() => null);
      if (profile?.passwordRemoved) return void navigate(`${paths.account}#password`, { replace: true });
      void navigate(takeReturnPath() ?? (hasToolAccess ? paths.spaceSelection : paths.account), { replace: true });
    };
    if (search.get('via') === 'google') {
      getToolAccess()
        .then((answer) => land(answer.hasAccess))
        .catch(() => fail(messages.auth.loginFailed));
      return;
    }
    const email = search.get('email');
    const token = search.get('token');
    if (!email) return fail(messages.auth.noEmailForSignIn);
    if (!token) return fail(messages.auth.noSignInRequest);
    loginWithToken(email, token)
      .then((answer) => land(answer.user.hasToolAccess))
      .catch((error) => fail(errorMessage(error, messages.auth.loginFailed)));
  }, [navigate, queryClient, search]);

  return (
    <div className="flex flex-col items-center gap-3 py-24 text-slate-700" role="status">
      <Loader2 className="size-8 animate-spin text-brand-700" aria-hidden />
      Signing you in...
    </div>
  );
}
