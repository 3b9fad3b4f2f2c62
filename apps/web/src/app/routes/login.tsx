import { LoginForm } from '@/features/auth/components/login-form';

export function Component() {
  return (
    <div className="mx-auto max-w-md px-4 py-14">
      <h1 className="text-center text-3xl font-extrabold">Log in to Room Visualizer</h1>
      <p className="mt-2 text-center text-slate-700">We&apos;ll email you a link that signs you in. No password needed.</p>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <LoginForm />
      </div>
    </div>
  );
}
