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
import { AddPhonePage } from '../features/add-phone/components/add-phone-page.tsx';
import { ChannelsListPage } from '../features/channels/components/channels-list-page.tsx';
import { ConfigureChannelsPage } from '../features/channels/components/configure-channels-page.tsx';
import { SignalTesterPage } from '../features/channels/components/signal-tester-page.tsx';
import { CopyRoomsPage } from '../features/copy-rooms/components/copy-rooms-page.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { PublicLayout } from './shell/public-layout.tsx';
import { PATHS } from '../lib/paths.ts';

/**
 * Logged-in screens built so far (SPEC §2 "Access"). A new screen is one more line here: its
 * route appears, and so does its card on the home page. Paths not listed show not-found.
 */
const screens: RouteObject[] = [
  { path: PATHS.auth, element: <LoginPage /> },
  { path: PATHS.globalParams, element: <GlobalParamsPage /> },
  { path: PATHS.paymentOk, element: <PaymentOkPage /> },
  { path: PATHS.brokers, element: <BrokerConfigPage /> },
  {
    path: PATHS.copySignals,
    element: <CopySignalsPage isBuilt={(path) => builtPaths.includes(path)} />,
  },
  { path: PATHS.addPhone, element: <AddPhonePage /> },
  { path: PATHS.channelsList, element: <ChannelsListPage /> },
  { path: PATHS.configureChannels, element: <ConfigureChannelsPage /> },
  { path: PATHS.readerParams, element: <ReaderParamsPage /> },
  { path: PATHS.copyRooms, element: <CopyRoomsPage /> },
  { path: PATHS.signalTester, element: <SignalTesterPage /> },
  { path: PATHS.proxy, element: <ProxyPage /> },
  { path: PATHS.botsPage, element: <BotsPage isBuilt={(path) => builtPaths.includes(path)} /> },
  { path: PATHS.botCommands, element: <BotCommandsPage /> },
  {
    path: PATHS.botsManager,
    element: <BotsManagerPage isBuilt={(path) => builtPaths.includes(path)} />,
  },
  { path: PATHS.strategies, element: <StrategiesPage /> },
  { path: PATHS.masaniello, element: <MasanielloPage /> },
  { path: PATHS.cycles, element: <CyclesPage /> },
  { path: PATHS.soros, element: <SorosPage /> },
  { path: PATHS.lossRecovery, element: <LossRecoveryPage /> },
  { path: PATHS.customCycles, element: <CustomCyclesPage /> },
];

/** Every logged-in path that has a screen. */
export const builtPaths: readonly string[] = [
  PATHS.home,
  ...screens.map((route) => route.path ?? ''),
];

export const loggedInRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { index: true, element: <HomePage builtPaths={builtPaths} /> },
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
      { path: PATHS.auth, element: <LoginPage /> },
      { path: PATHS.register, element: <RegisterPage /> },
      { path: PATHS.paymentOk, element: <PaymentOkPage /> },
      { path: '*', element: <NotFoundPage loggedIn={false} /> },
    ],
  },
];
