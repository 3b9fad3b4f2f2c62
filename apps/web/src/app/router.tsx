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
          { path: '/login', lazy: () => import('./routes/login') },
          { path: '/process-login', lazy: () => import('./routes/process-login') },
          { path: '/space-selection', lazy: () => import('./routes/space-selection') },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
]);
