/** The one route table: components build links from here, never from URL strings. */
export const paths = {
  home: '/',
  pricing: '/#pricing',
  howItWorks: '/how-it-works',
  login: '/login',
  account: '/account',
  checkout: '/checkout',
} as const;
