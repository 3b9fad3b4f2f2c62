/** The one route table: components build links from here, never from URL strings. */
export const paths = {
  home: '/',
  pricing: '/#pricing',
  howItWorks: '/how-it-works',
  login: '/login',
  processLogin: '/process-login',
  account: '/account',
  checkout: '/checkout',
  spaceSelection: '/space-selection',
  furnishing: '/furnishing-decorating',
  kitchenBathroom: '/kitchen-bathroom',
} as const;
