import { FALLBACK_LANGUAGE, supportedLanguage, type Language } from '@app/contract';

/**
 * What the operator's Telegram bot says, in the three languages of the panel. Placeholders are
 * `{name}`; money arrives already formatted. Notification texts are chosen by the trader's panel
 * language (tg_bot_prefs.language); replies to someone who has no bot yet by the language
 * Telegram reports for them (`language_code`: pt, en, es; pt otherwise).
 */
const pt = {
  'start.hello': 'Olá! Seu ID do Telegram é {id}.\nUse-o para se cadastrar no robô: {link}',
  'start.helloNoLink': 'Olá! Seu ID do Telegram é {id}. Use-o no cadastro do robô.',
  'verify.ok': '✅ Bot {userid} verificado. Volte ao painel: ele já pode operar.',
  'verify.already': 'O bot {userid} já está verificado.',
  'verify.wrongChat':
    'Este link de verificação é de outra conta do Telegram. Abra-o com a conta do ID cadastrado.',
  'verify.expired': 'Este link de verificação expirou ou já foi usado. Gere outro no painel.',
  'verify.taken':
    'O ID {userid} já está verificado em um cadastro do robô. Entre no painel com a conta desse cadastro.',
  'chat.wait': '⏳ Aguarde um instante: o robô atende um comando por segundo.',
  'verify.confirm':
    'A conta {email} do painel pediu o ID {userid}. Foi você? Confirme só se essa conta é sua: quem confirmar fica com o ID.',
  'verify.yes': '✅ Sim, sou eu',
  'verify.no': '🚫 Não reconheço',
  'verify.refused':
    'Pedido recusado: a conta {email} não fica com o ID {userid}. Seus outros cadastros continuam como estão.',
  'verify.code': 'Seu código de verificação do robô: {code}',
  'notify.orderOpen': '📈 {bot}: ordem enviada — {asset} {direction}, entrada {stake}, {step}.',
  'notify.won': '✅ {bot}: vitória em {asset} ({step}): {pnl} · saldo {balance}.',
  'notify.lost': '❌ {bot}: derrota em {asset} ({step}): {pnl} · saldo {balance}.',
  'notify.draw': '➖ {bot}: empate em {asset} ({step}): entrada devolvida · saldo {balance}.',
  'notify.priceMarket': 'Preço de mercado ({source}).',
  'notify.priceSimulated': 'Preço simulado.',
  'notify.orderFailed': '⚠️ {bot}: ordem em {asset} falhou: {reason}.',
  'notify.stopped': '⛔ {bot}: robô parado — {reason}.',
  'notify.off': '⏸ {bot}: robô desligado.',
  'notify.refused': '🚫 {bot}: sinal {asset} {direction} recusado — {reason}.',
  'notify.copyOpen': '📋 {bot}: cópia do trader {trader} aberta — {asset} {direction}, {stake}.',
  'notify.expirySoon': '⏳ {bot}: o robô expira em 3 dias ({date}). Renove no painel.',
  'notify.expired': '⌛ {bot}: o robô expirou e parou de operar. Renove no painel.',
  'notify.payment': '💳 Pagamento confirmado: {days} dias para {bots}.',
  'notify.followRequest': '👥 {bot}: {follower} pediu para copiar você. Responda no painel.',
  'notify.followAccepted': '👥 {bot}: o trader {trader} aceitou seu pedido de cópia.',
  'notify.followRefused': '👥 {bot}: o trader {trader} recusou seu pedido de cópia.',
  'notify.readerDown': '📡 {bot}: o leitor do Telegram foi desconectado. Reconecte no painel.',
  'notify.doubt':
    '❓ {bot}: Não entendi esta mensagem do canal {channel}: “{excerpt}” — toque para ensinar: {link}',
  'notify.doubtNoLink':
    '❓ {bot}: Não entendi esta mensagem do canal {channel}: “{excerpt}” — ensine no Testador de sinais do painel.',
  'notify.doubtButton': 'Ensinar o robô',
  'notify.daily': '📊 {bot}: resumo do dia — placar por sinal {wins} × {losses}, resultado {pnl}.',
  'step.entry': 'entrada',
  'step.gale': 'gale {n}',
  'menu.title': 'Comandos do bot {bot}:',
  'menu.choose': 'Qual bot?',
  'menu.queued': 'Comando enviado ao robô…',
  'menu.notVerified':
    'Este chat não tem um bot verificado. Cadastre-se e verifique seu bot no painel.',
  'menu.noReply': 'O robô ainda não respondeu. Veja o painel.',
  'status.line': '{bot}: {state} · placar {wins}×{losses} · resultado {pnl}',
  'status.on': 'ligado',
  'status.off': 'desligado',
  'placar.line': '{bot}: placar {wins}×{losses} · resultado do dia {pnl}',
  'cmd.1': 'Ligar',
  'cmd.2': 'Desligar',
  'cmd.3': 'Status',
  'cmd.4': 'Reiniciar sessão',
  'cmd.5': 'Placar',
  'cmd.6': 'Info',
  'cmd.7': 'Valores do gale',
  'cmd.8': 'Conta demo/real',
  'cmd.9': 'Modo trader/seguidor',
  'cmd.10': 'Zerar placar',
  'cmd.11': 'Zerar masaniello',
  'cmd.12': 'Zerar ciclos',
  'cmd.13': 'Zerar recuperação',
  'cmd.14': 'Atualizar parâmetros',
  'cmd.15': 'Cópia liga/desliga',
  'cmd.16': 'Saldo',
  'takeBack.offer':
    'O ID {userid} está no painel da conta {email}, confirmado por um toque neste chat em {date}. Se não foi você, retome-o: essa conta deixa de controlá-lo e vê o motivo no painel.',
  'takeBack.button': '↩️ Não fui eu: retomar o ID',
  'takeBack.done':
    '✅ ID {userid} retomado: a conta {email} não o controla mais e vê o motivo no painel. Para usar o robô com ele, cadastre-se ou adicione o bot no seu painel e verifique.',
  'takeBack.gone': 'Não há o que retomar: o ID {userid} não está preso a um toque recente.',
  'notify.signalEnd': '🏁 {bot}: sinal {asset} encerrado — {outcome} · resultado do sinal {pnl}.',
  'outcome.wonAtEntry': 'win na entrada',
  'outcome.wonAtGale': 'win no G{n}',
  'outcome.lost': 'loss',
  'outcome.draw': 'empate',
  'notify.paperBot': '{bot} (Simulador)',
  'chat.unknown':
    'Não entendi. Os comandos do robô: /menu (todos os comandos), /status, /placar. O resto se faz no painel.',
};

export type CatalogueKey = keyof typeof pt;
type Catalogue = Record<CatalogueKey, string>;

const en: Catalogue = {
  'start.hello': 'Hi! Your Telegram ID is {id}.\nUse it to register with the robot: {link}',
  'start.helloNoLink': 'Hi! Your Telegram ID is {id}. Use it when you register with the robot.',
  'verify.ok': '✅ Bot {userid} verified. Back in the panel, it can trade now.',
  'verify.already': 'Bot {userid} is already verified.',
  'verify.wrongChat':
    'This verification link belongs to another Telegram account. Open it with the account of the registered ID.',
  'verify.expired':
    'This verification link has expired or was already used. Create another in the panel.',
  'verify.taken':
    'ID {userid} is already verified in a registration of the robot. Log in to the panel with that registration’s account.',
  'chat.wait': '⏳ One moment, please: the robot takes one command a second.',
  'verify.confirm':
    'The panel account {email} asked for ID {userid}. Was it you? Confirm only if that account is yours: whoever confirms gets the ID.',
  'verify.yes': "✅ Yes, it's me",
  'verify.no': "🚫 I don't recognise it",
  'verify.refused':
    'Claim refused: the account {email} does not get ID {userid}. Your other registrations stay as they are.',
  'verify.code': 'Your robot verification code: {code}',
  'notify.orderOpen': '📈 {bot}: order sent — {asset} {direction}, stake {stake}, {step}.',
  'notify.won': '✅ {bot}: win on {asset} ({step}): {pnl} · balance {balance}.',
  'notify.lost': '❌ {bot}: loss on {asset} ({step}): {pnl} · balance {balance}.',
  'notify.draw': '➖ {bot}: draw on {asset} ({step}): stake refunded · balance {balance}.',
  'notify.priceMarket': 'Market price ({source}).',
  'notify.priceSimulated': 'Simulated price.',
  'notify.orderFailed': '⚠️ {bot}: order on {asset} failed: {reason}.',
  'notify.stopped': '⛔ {bot}: robot stopped — {reason}.',
  'notify.off': '⏸ {bot}: robot switched off.',
  'notify.refused': '🚫 {bot}: signal {asset} {direction} refused — {reason}.',
  'notify.copyOpen': '📋 {bot}: copy of trader {trader} opened — {asset} {direction}, {stake}.',
  'notify.expirySoon': '⏳ {bot}: the robot expires in 3 days ({date}). Renew it in the panel.',
  'notify.expired': '⌛ {bot}: the robot has expired and stopped trading. Renew it in the panel.',
  'notify.payment': '💳 Payment confirmed: {days} days for {bots}.',
  'notify.followRequest': '👥 {bot}: {follower} asked to copy you. Answer in the panel.',
  'notify.followAccepted': '👥 {bot}: trader {trader} accepted your copy request.',
  'notify.followRefused': '👥 {bot}: trader {trader} refused your copy request.',
  'notify.readerDown': '📡 {bot}: the Telegram reader was disconnected. Reconnect it in the panel.',
  'notify.doubt':
    "❓ {bot}: I didn't understand this message from channel {channel}: “{excerpt}” — tap to teach: {link}",
  'notify.doubtNoLink':
    "❓ {bot}: I didn't understand this message from channel {channel}: “{excerpt}” — teach it in the panel's Signal tester.",
  'notify.doubtButton': 'Teach the robot',
  'notify.daily': '📊 {bot}: daily summary — score per signal {wins} × {losses}, result {pnl}.',
  'step.entry': 'entry',
  'step.gale': 'gale {n}',
  'menu.title': 'Commands of bot {bot}:',
  'menu.choose': 'Which bot?',
  'menu.queued': 'Command sent to the robot…',
  'menu.notVerified': 'This chat has no verified bot. Register and verify your bot in the panel.',
  'menu.noReply': 'The robot has not answered yet. See the panel.',
  'status.line': '{bot}: {state} · score {wins}×{losses} · result {pnl}',
  'status.on': 'on',
  'status.off': 'off',
  'placar.line': '{bot}: score {wins}×{losses} · today {pnl}',
  'cmd.1': 'Switch on',
  'cmd.2': 'Switch off',
  'cmd.3': 'Status',
  'cmd.4': 'Restart session',
  'cmd.5': 'Score',
  'cmd.6': 'Info',
  'cmd.7': 'Gale stakes',
  'cmd.8': 'Demo/real account',
  'cmd.9': 'Trader/follower mode',
  'cmd.10': 'Clear score',
  'cmd.11': 'Clear masaniello',
  'cmd.12': 'Clear cycles',
  'cmd.13': 'Clear recovery',
  'cmd.14': 'Update params',
  'cmd.15': 'Copy on/off',
  'cmd.16': 'Balance',
  'takeBack.offer':
    'ID {userid} is in the panel of account {email}, confirmed by a tap in this chat on {date}. If that was not you, take it back: that account stops controlling it and sees why in its panel.',
  'takeBack.button': '↩️ Not me: take the ID back',
  'takeBack.done':
    '✅ ID {userid} taken back: account {email} no longer controls it and sees why in its panel. To use the robot with it, register or add the bot in your panel and verify it.',
  'takeBack.gone': 'Nothing to take back: ID {userid} is not held by a recent tap.',
  'notify.signalEnd': '🏁 {bot}: signal {asset} ended — {outcome} · signal result {pnl}.',
  'outcome.wonAtEntry': 'win at entry',
  'outcome.wonAtGale': 'win at G{n}',
  'outcome.lost': 'loss',
  'outcome.draw': 'draw',
  'notify.paperBot': '{bot} (Simulator)',
  'chat.unknown':
    "I didn't understand. The robot's commands: /menu (every command), /status, /placar. Everything else is in the panel.",
};

const es: Catalogue = {
  'start.hello': '¡Hola! Tu ID de Telegram es {id}.\nÚsalo para registrarte en el robot: {link}',
  'start.helloNoLink': '¡Hola! Tu ID de Telegram es {id}. Úsalo al registrarte en el robot.',
  'verify.ok': '✅ Bot {userid} verificado. Vuelve al panel: ya puede operar.',
  'verify.already': 'El bot {userid} ya está verificado.',
  'verify.wrongChat':
    'Este enlace de verificación es de otra cuenta de Telegram. Ábrelo con la cuenta del ID registrado.',
  'verify.expired': 'Este enlace de verificación caducó o ya se usó. Genera otro en el panel.',
  'verify.taken':
    'El ID {userid} ya está verificado en un registro del robot. Entra al panel con la cuenta de ese registro.',
  'chat.wait': '⏳ Espera un momento: el robot atiende un comando por segundo.',
  'verify.confirm':
    'La cuenta {email} del panel pidió el ID {userid}. ¿Fuiste tú? Confirma solo si esa cuenta es tuya: quien confirma se queda con el ID.',
  'verify.yes': '✅ Sí, soy yo',
  'verify.no': '🚫 No la reconozco',
  'verify.refused':
    'Pedido rechazado: la cuenta {email} no se queda con el ID {userid}. Tus otros registros siguen como están.',
  'verify.code': 'Tu código de verificación del robot: {code}',
  'notify.orderOpen': '📈 {bot}: orden enviada — {asset} {direction}, entrada {stake}, {step}.',
  'notify.won': '✅ {bot}: ganancia en {asset} ({step}): {pnl} · saldo {balance}.',
  'notify.lost': '❌ {bot}: pérdida en {asset} ({step}): {pnl} · saldo {balance}.',
  'notify.draw': '➖ {bot}: empate en {asset} ({step}): entrada devuelta · saldo {balance}.',
  'notify.priceMarket': 'Precio de mercado ({source}).',
  'notify.priceSimulated': 'Precio simulado.',
  'notify.orderFailed': '⚠️ {bot}: la orden en {asset} falló: {reason}.',
  'notify.stopped': '⛔ {bot}: robot detenido — {reason}.',
  'notify.off': '⏸ {bot}: robot apagado.',
  'notify.refused': '🚫 {bot}: señal {asset} {direction} rechazada — {reason}.',
  'notify.copyOpen': '📋 {bot}: copia del trader {trader} abierta — {asset} {direction}, {stake}.',
  'notify.expirySoon': '⏳ {bot}: el robot caduca en 3 días ({date}). Renuévalo en el panel.',
  'notify.expired': '⌛ {bot}: el robot caducó y dejó de operar. Renuévalo en el panel.',
  'notify.payment': '💳 Pago confirmado: {days} días para {bots}.',
  'notify.followRequest': '👥 {bot}: {follower} pidió copiarte. Responde en el panel.',
  'notify.followAccepted': '👥 {bot}: el trader {trader} aceptó tu solicitud de copia.',
  'notify.followRefused': '👥 {bot}: el trader {trader} rechazó tu solicitud de copia.',
  'notify.readerDown': '📡 {bot}: el lector de Telegram se desconectó. Reconéctalo en el panel.',
  'notify.doubt':
    '❓ {bot}: No entendí este mensaje del canal {channel}: “{excerpt}” — toca para enseñar: {link}',
  'notify.doubtNoLink':
    '❓ {bot}: No entendí este mensaje del canal {channel}: “{excerpt}” — enséñalo en el Probador de señales del panel.',
  'notify.doubtButton': 'Enseñar al robot',
  'notify.daily':
    '📊 {bot}: resumen del día — marcador por señal {wins} × {losses}, resultado {pnl}.',
  'step.entry': 'entrada',
  'step.gale': 'gale {n}',
  'menu.title': 'Comandos del bot {bot}:',
  'menu.choose': '¿Qué bot?',
  'menu.queued': 'Comando enviado al robot…',
  'menu.notVerified':
    'Este chat no tiene un bot verificado. Regístrate y verifica tu bot en el panel.',
  'menu.noReply': 'El robot aún no respondió. Mira el panel.',
  'status.line': '{bot}: {state} · marcador {wins}×{losses} · resultado {pnl}',
  'status.on': 'encendido',
  'status.off': 'apagado',
  'placar.line': '{bot}: marcador {wins}×{losses} · resultado del día {pnl}',
  'cmd.1': 'Encender',
  'cmd.2': 'Apagar',
  'cmd.3': 'Estado',
  'cmd.4': 'Reiniciar sesión',
  'cmd.5': 'Marcador',
  'cmd.6': 'Info',
  'cmd.7': 'Montos del gale',
  'cmd.8': 'Cuenta demo/real',
  'cmd.9': 'Modo trader/seguidor',
  'cmd.10': 'Borrar marcador',
  'cmd.11': 'Borrar masaniello',
  'cmd.12': 'Borrar ciclos',
  'cmd.13': 'Borrar recuperación',
  'cmd.14': 'Actualizar parámetros',
  'cmd.15': 'Copia sí/no',
  'cmd.16': 'Saldo',
  'takeBack.offer':
    'El ID {userid} está en el panel de la cuenta {email}, confirmado con un toque en este chat el {date}. Si no fuiste tú, recupéralo: esa cuenta deja de controlarlo y ve el motivo en su panel.',
  'takeBack.button': '↩️ No fui yo: recuperar el ID',
  'takeBack.done':
    '✅ ID {userid} recuperado: la cuenta {email} ya no lo controla y ve el motivo en su panel. Para usar el robot con él, regístrate o añade el bot en tu panel y verifícalo.',
  'takeBack.gone':
    'No hay nada que recuperar: el ID {userid} no está retenido por un toque reciente.',
  'notify.signalEnd': '🏁 {bot}: señal {asset} cerrada — {outcome} · resultado de la señal {pnl}.',
  'outcome.wonAtEntry': 'ganancia en la entrada',
  'outcome.wonAtGale': 'ganancia en el G{n}',
  'outcome.lost': 'pérdida',
  'outcome.draw': 'empate',
  'notify.paperBot': '{bot} (Simulador)',
  'chat.unknown':
    'No entendí. Los comandos del robot: /menu (todos los comandos), /status, /placar. Lo demás se hace en el panel.',
};

export const CATALOGUES: Record<Language, Catalogue> = { 'pt-BR': pt, 'en-US': en, 'es-ES': es };

/** The text of `key` in `language`, its `{name}` placeholders filled. */
export function say(
  language: Language,
  key: CatalogueKey,
  params: Record<string, string | number> = {},
): string {
  return CATALOGUES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** A Telegram `language_code` (pt-br, en, es…) as one of ours; Portuguese when unknown. */
export function telegramLanguage(code: string | undefined): Language {
  const base = (code ?? '').toLowerCase().split('-')[0];
  if (base === 'en') return 'en-US';
  if (base === 'es') return 'es-ES';
  return FALLBACK_LANGUAGE;
}

/** A stored panel language, checked. */
export function panelLanguageOf(stored: string | null | undefined): Language {
  return (stored && supportedLanguage(stored)) || FALLBACK_LANGUAGE;
}

/** Cents as a result with its sign, in the language's way: +4,57, −2,00, 0,00. */
export function signedMoney(language: Language, cents: number): string {
  return `${cents > 0 ? '+' : ''}${money(language, cents)}`;
}

/** Cents as money in the language's way (no currency symbol: the broker's currency varies). */
export function money(language: Language, cents: number): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** An instant as the language writes a date and time, in UTC (the chat's zone is unknown). */
export function dateTime(language: Language, ms: number): string {
  const text = new Intl.DateTimeFormat(language, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(ms);
  return `${text} UTC`;
}
