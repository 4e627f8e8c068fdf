import { useEffect, type ComponentProps } from 'react';
import { useNavigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import {
  lazyRoute,
  lazyScreen,
  loadScreen,
  preloadScreen,
  type LazyRoute,
} from '../lib/lazy-screen.tsx';
import { PublicLayout } from './shell/public-layout.tsx';
import { PATHS } from '../lib/paths.ts';

const isBuilt = (path: string): boolean => builtPaths.includes(path);

/**
 * Logged-in screens built so far (SPEC §2 "Access"). A new screen is one more line here: its
 * route appears, and so does its card on the home page. Paths not listed show not-found. Each
 * screen is its own chunk (`lazyRoute`), loaded on first visit or when a link to it is hovered.
 */
const screens: LazyRoute[] = [
  { path: PATHS.auth, element: <LoginPage /> },
  lazyRoute(PATHS.globalParams, () =>
    import('../features/global-params/components/global-params-page.tsx').then(
      (m) => m.GlobalParamsPage,
    ),
  ),
  lazyRoute(PATHS.paymentOk, () =>
    import('../features/payment/components/payment-ok-page.tsx').then((m) => m.PaymentOkPage),
  ),
  lazyRoute(PATHS.buy, () =>
    import('../features/buy-robot/components/buy-robot-page.tsx').then((m) => m.BuyRobotPage),
  ),
  lazyRoute(PATHS.brokers, () =>
    import('../features/brokers/components/broker-config-page.tsx').then((m) => m.BrokerConfigPage),
  ),
  lazyRoute(
    PATHS.copySignals,
    () =>
      import('../features/copy-signals/components/copy-signals-page.tsx').then(
        (m) => m.CopySignalsPage,
      ),
    { isBuilt },
  ),
  lazyRoute(PATHS.addPhone, () =>
    import('../features/add-phone/components/add-phone-page.tsx').then((m) => m.AddPhonePage),
  ),
  lazyRoute(PATHS.channelsList, () =>
    import('../features/channels/components/channels-list-page.tsx').then(
      (m) => m.ChannelsListPage,
    ),
  ),
  lazyRoute(PATHS.configureChannels, () =>
    import('../features/channels/components/configure-channels-page.tsx').then(
      (m) => m.ConfigureChannelsPage,
    ),
  ),
  lazyRoute(PATHS.copyRooms, () =>
    import('../features/copy-rooms/components/copy-rooms-page.tsx').then((m) => m.CopyRoomsPage),
  ),
  lazyRoute(PATHS.signalTester, () =>
    import('../features/channels/components/signal-tester-page.tsx').then(
      (m) => m.SignalTesterPage,
    ),
  ),
  lazyRoute(PATHS.readerParams, () =>
    import('../features/reader-params/components/reader-params-page.tsx').then(
      (m) => m.ReaderParamsPage,
    ),
  ),
  lazyRoute(PATHS.proxy, () =>
    import('../features/proxy/components/proxy-page.tsx').then((m) => m.ProxyPage),
  ),
  lazyRoute(
    PATHS.botsPage,
    () => import('../features/bots/components/bots-page.tsx').then((m) => m.BotsPage),
    { isBuilt },
  ),
  lazyRoute(PATHS.botCommands, () =>
    import('../features/bot-commands/components/bot-commands-page.tsx').then(
      (m) => m.BotCommandsPage,
    ),
  ),
  lazyRoute(
    PATHS.botsManager,
    () =>
      Promise.all([
        import('../features/bots-manager/components/bots-manager-page.tsx'),
        import('../features/telegram-bot/components/verify-on-telegram.tsx'),
        import('../features/telegram-bot/components/telegram-notifications.tsx'),
      ]).then(([{ BotsManagerPage }, { VerifyOnTelegram }, { TelegramNotifications }]) => {
        // The bot manager with the Telegram bot's parts: the tap-to-verify link of a pending
        // bot and the current bot's notification switches.
        function BotsManagerWithTelegram(props: ComponentProps<typeof BotsManagerPage>) {
          return (
            <BotsManagerPage
              {...props}
              verifyExtra={(bot) => <VerifyOnTelegram userid={bot.userid} />}
              bottom={(userid) => <TelegramNotifications userid={userid} />}
            />
          );
        }
        return BotsManagerWithTelegram;
      }),
    { isBuilt },
  ),
  lazyRoute(PATHS.strategies, () =>
    import('../features/strategies/components/strategies-page.tsx').then((m) => m.StrategiesPage),
  ),
  lazyRoute(PATHS.masaniello, () =>
    import('../features/masaniello/components/masaniello-page.tsx').then((m) => m.MasanielloPage),
  ),
  lazyRoute(PATHS.cycles, () =>
    import('../features/cycles/components/cycles-page.tsx').then((m) => m.CyclesPage),
  ),
  lazyRoute(PATHS.soros, () =>
    import('../features/soros/components/soros-page.tsx').then((m) => m.SorosPage),
  ),
  lazyRoute(PATHS.lossRecovery, () =>
    import('../features/loss-recovery/components/loss-recovery-page.tsx').then(
      (m) => m.LossRecoveryPage,
    ),
  ),
  lazyRoute(PATHS.customCycles, () =>
    import('../features/custom-cycles/components/custom-cycles-page.tsx').then(
      (m) => m.CustomCyclesPage,
    ),
  ),
  lazyRoute(PATHS.activity, () =>
    import('../features/trading/components/activity-page.tsx').then((m) => m.ActivityPage),
  ),
  lazyRoute(PATHS.orders, () =>
    import('../features/trading/components/orders-page.tsx').then((m) => m.OrdersPage),
  ),
  lazyRoute(PATHS.results, () =>
    import('../features/trading/components/results-page.tsx').then((m) => m.ResultsPage),
  ),
  lazyRoute(PATHS.latency, () =>
    import('../features/trading/components/latency-page.tsx').then((m) => m.LatencyPage),
  ),
  lazyRoute(PATHS.channelRecord, () =>
    import('../features/channel-records/components/channel-record-page.tsx').then(
      (m) => m.ChannelRecordPage,
    ),
  ),
  // Copy trading.
  lazyRoute(
    PATHS.copyTrader,
    () =>
      import('../features/copy-trader/components/copy-trader-page.tsx').then(
        (m) => m.CopyTraderPage,
      ),
    { isBuilt },
  ),
  lazyRoute(PATHS.traderCopyConfig, () =>
    import('../features/copy-trader/components/trader-config-page.tsx').then(
      (m) => m.TraderConfigPage,
    ),
  ),
  lazyRoute(PATHS.copyFollowers, () =>
    import('../features/copy-trader/components/copy-followers-page.tsx').then(
      (m) => m.CopyFollowersPage,
    ),
  ),
  lazyRoute(PATHS.followConfig, () =>
    import('../features/copy-trader/components/follow-config-page.tsx').then(
      (m) => m.FollowConfigPage,
    ),
  ),
  lazyRoute(PATHS.copyRequest, () =>
    import('../features/copy-trader/components/copy-request-page.tsx').then(
      (m) => m.CopyRequestPage,
    ),
  ),
  // MetaCopy.
  lazyRoute(
    PATHS.metaTrader,
    () => import('../features/meta-copy/components/meta-copy-page.tsx').then((m) => m.MetaCopyPage),
    { isBuilt },
  ),
  lazyRoute(PATHS.metaTraderConfig, () =>
    import('../features/meta-copy/components/meta-trader-config-page.tsx').then(
      (m) => m.MetaTraderConfigPage,
    ),
  ),
  lazyRoute(PATHS.metaFollowers, () =>
    import('../features/meta-copy/components/meta-followers-page.tsx').then(
      (m) => m.MetaFollowersPage,
    ),
  ),
  lazyRoute(PATHS.metaFollowerConfig, () =>
    import('../features/meta-copy/components/meta-follower-config-page.tsx').then(
      (m) => m.MetaFollowerConfigPage,
    ),
  ),
  lazyRoute(PATHS.metaRequest, () =>
    import('../features/meta-copy/components/meta-request-page.tsx').then((m) => m.MetaRequestPage),
  ),
  lazyRoute(PATHS.copyStats, () =>
    import('../features/copy-stats/components/copy-stats-page.tsx').then((m) => m.CopyStatsPage),
  ),
  lazyRoute(PATHS.account, () =>
    import('../features/account/components/account-page.tsx').then((m) => m.AccountPage),
  ),
];

/** Replaces the current entry with `to` (react-router's `<Navigate>` would add to the login page). */
function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => void navigate(to, { replace: true }), [navigate, to]);
  return null;
}

/**
 * Routes SPEC names but never shows (DESIGN §6, §9): each goes to its nearest screen, replacing
 * the history entry so Back does not bounce.
 */
const redirects: RouteObject[] = (
  [
    [PATHS.traderConfigLegacy, PATHS.traderCopyConfig],
    [PATHS.followConfigLegacy, PATHS.followConfig],
    [PATHS.followerMetaConfigLegacy, PATHS.metaFollowerConfig],
  ] as const
).map(([from, to]) => ({ path: from, element: <Redirect to={to} /> }));

/** Every logged-in path that has a screen. */
export const builtPaths: readonly string[] = [PATHS.home, ...screens.map((route) => route.path)];

// Screens that are not in the table above (no path of their own), also one chunk each.
// The robot's live view above the Configure menu: its own chunk, like a screen.
const tradingHome = lazyScreen('(trading-home)', () =>
  import('../features/trading/components/trading-home.tsx').then((m) => m.TradingHome),
);
// A pending current bot's "Verificar no Telegram", above everything on home: its chunk is
// fetched only when the bot list says the bot is pending (a verified bot's home never loads it).
const pendingBot = lazyScreen('(pending-bot)', () =>
  import('../features/telegram-bot/components/pending-bot-notice.tsx').then(
    (m) => m.PendingBotNotice,
  ),
);
const pendingNotice = { element: pendingBot({}), load: () => loadScreen('(pending-bot)') };
// Home arrives with its top part: the live view painted after the menu pushed it down (a layout
// shift of 0.27, Lighthouse). Home paints once the top's reads have answered too.
const home = lazyRoute(
  PATHS.home,
  () =>
    Promise.all([
      import('../features/home/components/home-page.tsx'),
      import('../features/trading/components/trading-home.tsx'),
      loadScreen('(trading-home)'),
    ]).then(([{ HomePage }, { tradingHomeReads }]) => {
      function HomeWithTop(
        props: Omit<ComponentProps<typeof HomePage>, 'topReads' | 'pendingNotice'>,
      ) {
        return <HomePage {...props} topReads={tradingHomeReads} pendingNotice={pendingNotice} />;
      }
      return HomeWithTop;
    }),
  { builtPaths, top: tradingHome({ isBuilt }) },
);
const notFound = lazyScreen('*', () =>
  import('../features/not-found/components/not-found-page.tsx').then((m) => m.NotFoundPage),
);
const register = lazyRoute(PATHS.register, () =>
  import('../features/auth/components/register-page.tsx').then((m) => m.RegisterPage),
);
const paymentOk = screens.find((s) => s.path === PATHS.paymentOk)?.element;

// The logged-in frame (drawer, top bar, bot selector) is not needed to log in: its own chunk.
export const SHELL_SCREEN = '(shell)';
const shell = lazyRoute(
  SHELL_SCREEN,
  () => import('./shell/app-shell.tsx').then((m) => m.AppShell),
  { builtPaths },
);

/**
 * Starts fetching the logged-in frame and the screen of `path` together, not the screen only once
 * the frame has rendered: when the session is known to be on, or likely (ids stored last time).
 */
export function preloadLoggedIn(path: string): void {
  preloadScreen(SHELL_SCREEN);
  preloadScreen(path);
}

export const loggedInRoutes: RouteObject[] = [
  {
    element: shell.element,
    children: [
      { index: true, element: home.element },
      ...screens,
      ...redirects,
      { path: '*', element: notFound({ loggedIn: true }) },
    ],
  },
];

export const loggedOutRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <LoginPage /> },
      { path: PATHS.auth, element: <LoginPage /> },
      { path: PATHS.register, element: register.element },
      { path: PATHS.paymentOk, element: paymentOk },
      { path: '*', element: notFound({ loggedIn: false }) },
    ],
  },
];
