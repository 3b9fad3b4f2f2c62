import { createBrowserRouter } from 'react-router';
import { Root, RootError } from './root';

/** Routes are lazy: each page's code loads when it is first visited. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RootError />,
    children: [
      { path: '/', lazy: () => import('./routes/landing') },
      {
        lazy: async () => ({ Component: (await import('./app-layout')).AppLayout }),
        children: [
          { path: '/how-it-works', lazy: () => import('./routes/how-it-works') },
          { path: '/privacy', lazy: () => import('./routes/privacy') },
          { path: '/login', lazy: () => import('./routes/login') },
          { path: '/process-login', lazy: () => import('./routes/process-login') },
          { path: '/space-selection', lazy: () => import('./routes/space-selection') },
          { path: '/furnishing-decorating', lazy: () => import('./routes/furnishing-decorating') },
          { path: '/kitchen-bathroom', lazy: () => import('./routes/kitchen-bathroom') },
          { path: '/furnishing-decorating/design/:id', lazy: () => import('./routes/design-results') },
          { path: '/kitchen-bathroom/design/:id', lazy: () => import('./routes/design-results') },
          { path: '/account', lazy: () => import('./routes/account') },
          { path: '/style-lens', lazy: () => import('./routes/style-lens') },
          { path: '/admin-dashboard', lazy: () => import('./routes/admin-dashboard') },
          { path: '/checkout', lazy: () => import('./routes/checkout') },
          { path: '/create-account', lazy: () => import('./routes/create-account') },
          { path: '/payment-success', lazy: () => import('./routes/payment-success') },
          { path: '/local-payments/checkout/:id', lazy: () => import('./routes/local-checkout') },
          { path: '/local-payments/portal/:id', lazy: () => import('./routes/local-portal') },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
]);
