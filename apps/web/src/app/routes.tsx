import type { RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { RegisterPage } from '../features/auth/components/register-page.tsx';
import { GlobalParamsPage } from '../features/global-params/components/global-params-page.tsx';
import { HomePage } from '../features/home/components/home-page.tsx';
import { NotFoundPage } from '../features/not-found/components/not-found-page.tsx';
import { PaymentOkPage } from '../features/payment/components/payment-ok-page.tsx';
import { CustomCyclesPage } from '../features/custom-cycles/components/custom-cycles-page.tsx';
import { CyclesPage } from '../features/cycles/components/cycles-page.tsx';
import { LossRecoveryPage } from '../features/loss-recovery/components/loss-recovery-page.tsx';
import { MasanielloPage } from '../features/masaniello/components/masaniello-page.tsx';
import { SorosPage } from '../features/soros/components/soros-page.tsx';
import { StrategiesPage } from '../features/strategies/components/strategies-page.tsx';
import { BotCommandsPage } from '../features/bot-commands/components/bot-commands-page.tsx';
import { BotsPage } from '../features/bots/components/bots-page.tsx';
import { BotsManagerPage } from '../features/bots-manager/components/bots-manager-page.tsx';
import { CopySignalsPage } from '../features/copy-signals/components/copy-signals-page.tsx';
import { BrokerConfigPage } from '../features/brokers/components/broker-config-page.tsx';
import { ProxyPage } from '../features/proxy/components/proxy-page.tsx';
import { ReaderParamsPage } from '../features/reader-params/components/reader-params-page.tsx';
import { ActivityPage } from '../features/trading/components/activity-page.tsx';
import { LatencyPage } from '../features/trading/components/latency-page.tsx';
import { OrdersPage } from '../features/trading/components/orders-page.tsx';
import { ResultsPage } from '../features/trading/components/results-page.tsx';
import { TradingHome } from '../features/trading/components/trading-home.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { PublicLayout } from './shell/public-layout.tsx';

/**
 * Logged-in screens built so far (SPEC §2 "Access"). A new screen is one more line here: its
 * route appears, and so does its card on the home page. Paths not listed show not-found.
 */
const screens: RouteObject[] = [
  { path: '/auth', element: <LoginPage /> },
  { path: '/geralconfig', element: <GlobalParamsPage /> },
  { path: '/paymentok', element: <PaymentOkPage /> },
  { path: '/brokerconfig', element: <BrokerConfigPage /> },
  {
    path: '/copysignals',
    element: <CopySignalsPage isBuilt={(path) => builtPaths.includes(path)} />,
  },
  { path: '/reader-params', element: <ReaderParamsPage /> },
  { path: '/configproxy', element: <ProxyPage /> },
  { path: '/botspage', element: <BotsPage isBuilt={(path) => builtPaths.includes(path)} /> },
  { path: '/botcommands', element: <BotCommandsPage /> },
  {
    path: '/botsmanager',
    element: <BotsManagerPage isBuilt={(path) => builtPaths.includes(path)} />,
  },
  { path: '/strategies', element: <StrategiesPage /> },
  { path: '/config-masaniello', element: <MasanielloPage /> },
  { path: '/config-cycles', element: <CyclesPage /> },
  { path: '/config-soros', element: <SorosPage /> },
  { path: '/config-recovery', element: <LossRecoveryPage /> },
  { path: '/config-customcycles', element: <CustomCyclesPage /> },
  { path: '/activity', element: <ActivityPage /> },
  { path: '/orders', element: <OrdersPage /> },
  { path: '/results', element: <ResultsPage /> },
  { path: '/latency', element: <LatencyPage /> },
];

/** Every logged-in path that has a screen. */
export const builtPaths: readonly string[] = ['/', ...screens.map((route) => route.path ?? '')];

export const loggedInRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        index: true,
        element: (
          <HomePage
            builtPaths={builtPaths}
            top={<TradingHome isBuilt={(path) => builtPaths.includes(path)} />}
          />
        ),
      },
      ...screens,
      { path: '*', element: <NotFoundPage loggedIn /> },
    ],
  },
];

export const loggedOutRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <LoginPage /> },
      { path: '/auth', element: <LoginPage /> },
      { path: '/cadastrar', element: <RegisterPage /> },
      { path: '/paymentok', element: <PaymentOkPage /> },
      { path: '*', element: <NotFoundPage loggedIn={false} /> },
    ],
  },
];
