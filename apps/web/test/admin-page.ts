import { ADMIN_PAGE_SIZE, type AdminPage, type AdminUserRow } from '@rv/contracts/api/admin';

/** One page of an admin list as the server answers it: `items` are page `page` of `lastPage`, `total` rows in all. */
export function adminPage<Row>(
  items: Row[],
  { page = 1, lastPage = 1, total = items.length }: { page?: number; lastPage?: number; total?: number } = {},
): AdminPage<Row> {
  return {
    items,
    total,
    limit: ADMIN_PAGE_SIZE,
    updatedPage: page,
    lastPage,
    hasPreviousPage: page > 1,
    hasNextPage: page < lastPage,
  };
}

/** A user row of the admin list: a subscriber who has used 3 of 20 transformations, unless `overrides` say otherwise. */
export function adminUser(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: 'u1',
    email: 'robin@example.com',
    createdAt: '2026-01-02T10:00:00.000Z',
    transformationsUsed: 3,
    transformationsLimit: 20,
    stripeCustomerId: 'cus_1',
    stripeSubscriptionId: 'sub_1',
    subscriptionStatus: 'active',
    name: 'Robin',
    ...overrides,
  };
}
