/** The accounts the browser tests sign in with (seeded by e2e-server.ts). */
export const E2E_USERS = {
  subscriber: { email: 'e2e.subscriber@example.com', name: 'Sam Subscriber', subscriptionStatus: 'active', password: 'e2e-password-123' },
  lapsed: { email: 'e2e.lapsed@example.com', name: 'Lee Lapsed', subscriptionStatus: 'canceled' },
  admin: { email: 'e2e.admin@example.com', name: 'Ada Admin', subscriptionStatus: 'active', role: 'admin' },
} as const;
