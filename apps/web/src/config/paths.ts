import { resultsPagePath } from '@rv/contracts/pages';

/** The one route table: components build links from here, never from URL strings. */
export const paths = {
  home: '/',
  pricing: '/#pricing',
  howItWorks: '/how-it-works',
  privacy: '/privacy',
  login: '/login',
  processLogin: '/process-login',
  account: '/account',
  checkout: '/checkout',
  checkoutFor: (email: string, name: string) => `/checkout?${new URLSearchParams({ email, name })}`,
  createAccount: (email: string, customerId: string, subscriptionId: string, name = '') =>
    `/create-account?${new URLSearchParams({ email, customer_id: customerId, subscription_id: subscriptionId, ...(name ? { name } : {}) })}`,
  paymentSuccess: '/payment-success',
  styleLens: '/style-lens',
  styleLensEdit: '/style-lens?edit=true',
  adminDashboard: '/admin-dashboard',
  spaceSelection: '/space-selection',
  furnishing: '/furnishing-decorating',
  kitchenBathroom: '/kitchen-bathroom',
  design: resultsPagePath,
} as const;
