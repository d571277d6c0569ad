/**
 * Text of the rules pages (feature route 47) in English and Russian. Bodies are plain text;
 * a blank line separates paragraphs. Other languages are served the English text.
 */

interface Chapter {
  id: number;
  title: string;
  body: string;
}

interface Group {
  id: number;
  title: string;
  chapters: Chapter[];
}

const en: Group[] = [
  {
    id: 1,
    title: "General rules",
    chapters: [
      {
        id: 1,
        title: "Terms and acceptance",
        body: [
          "These rules govern every bet placed and every game played on Arena Bet. By opening an account or placing a bet you confirm that you have read, understood and accepted them, together with the Terms and Conditions and the Privacy Policy.",
          "We may change these rules. When we do, the date of the change is published and signed-in customers are asked to confirm the new version before they continue to bet. Bets accepted before a change are settled under the rules in force when they were accepted.",
          "If the text of these rules in another language differs from the English text, the English text prevails.",
        ].join("\n\n"),
      },
      {
        id: 2,
        title: "Eligibility and accounts",
        body: [
          "Only persons aged 18 or over (or the higher legal age of their country) who are permitted to gamble where they live may open an account. We may ask for proof of age and identity at any time and suspend the account until it is provided.",
          "Each customer may hold one account. Duplicate accounts, accounts opened in another person's name and accounts used on behalf of third parties are closed; bets placed from them may be voided.",
          "You are responsible for keeping your login details secret. Bets placed with your credentials are treated as placed by you.",
        ].join("\n\n"),
      },
      {
        id: 3,
        title: "Deposits and withdrawals",
        body: [
          "Deposits and withdrawals are made only through payment methods registered in your own name. Funds are credited in the currency of the account.",
          "Before the first withdrawal, and whenever required by law, we verify your identity. Deposited funds must be wagered at least once before they can be withdrawn; this protects against money laundering.",
          "Withdrawals are processed in the order they are requested. Processing times depend on the payment method and are shown on the payment page.",
        ].join("\n\n"),
      },
      {
        id: 4,
        title: "Responsible gaming",
        body: [
          "Betting should be entertainment, never a way to make money. You can set deposit, wagering, loss and session limits, turn on reality-check reminders, take a time-out or exclude yourself from the Personal Office at any time.",
          "A limit that makes play stricter takes effect at once; a request to relax a limit takes effect only after the waiting period shown with it.",
          "If you think gambling is becoming a problem, contact support or an independent help organisation. Accounts of persons who have excluded themselves cannot be reopened before the exclusion ends.",
        ].join("\n\n"),
      },
    ],
  },
  {
    id: 2,
    title: "Sports betting rules",
    chapters: [
      {
        id: 1,
        title: "Accepting bets",
        body: [
          "A bet is accepted when it appears in your bet history with its number. Until then the odds, the stake limits and the availability of the market may change; if the odds change while you place a bet, the coupon applies the odds-change setting you chose.",
          "The minimum and maximum stake depend on the event, the market and the coupon type and are shown in the coupon. A bet cannot be cancelled or changed once it has been accepted.",
          "Obvious errors in odds, lines or event start times (palpable errors) may lead to the bet being settled at the correct odds or voided.",
        ].join("\n\n"),
      },
      {
        id: 2,
        title: "Bet types",
        body: [
          "Single: a bet on one outcome. Accumulator (express): a bet on two or more independent outcomes; it wins only if every outcome wins, and the odds are multiplied.",
          "System: a set of accumulators of a given size built from the chosen outcomes, for example 2 from 3. The stake is split equally among the combinations; each combination is settled as an accumulator.",
          "Outcomes of the same event, or outcomes that depend on each other, cannot be combined in one accumulator.",
        ].join("\n\n"),
      },
      {
        id: 3,
        title: "Settlement",
        body: [
          "Bets are settled on the official result at the end of regular time, including stoppage time, unless the market says otherwise (for example extra time or penalties). Later changes to the official result are not taken into account.",
          "A refunded outcome in an accumulator counts at odds of 1.00. Asian handicaps and totals may be settled as half win or half loss, as described in the market.",
          "If an event is postponed and does not start within 48 hours of its scheduled start, or is abandoned, bets on it are refunded, except on markets already decided.",
        ].join("\n\n"),
      },
      {
        id: 4,
        title: "Live betting",
        body: [
          "Live bets are accepted while the event is in progress. Acceptance may be delayed by a few seconds; if the score changes during that delay the bet may be rejected or accepted at new odds, depending on your settings.",
          "Bets accepted after an outcome was already known (for example after a goal was scored) are voided.",
          "Live scores and statistics are shown for information only; settlement uses the official result.",
        ].join("\n\n"),
      },
    ],
  },
  {
    id: 3,
    title: "Casino rules",
    chapters: [
      {
        id: 1,
        title: "Games and fairness",
        body: [
          "Casino games are supplied by licensed providers whose random number generators are tested by independent laboratories. The return to player of each game is shown in its information panel.",
          "The rules and paytable shown inside a game are part of these rules. In case of a malfunction all pays and plays are void, and stakes of unfinished rounds are returned.",
        ].join("\n\n"),
      },
      {
        id: 2,
        title: "Stakes and winnings",
        body: [
          "Each round is settled by the game provider. Winnings are credited to the account from which the stake was taken as soon as the round ends.",
          "Maximum stakes and winnings per round are set by each game. A round interrupted by a lost connection is completed on the provider's side, and its result appears in the game history.",
        ].join("\n\n"),
      },
      {
        id: 3,
        title: "Casino bonuses",
        body: [
          "Casino bonuses carry a wagering requirement stated with each offer. Until it is met, the bonus and winnings from it cannot be withdrawn.",
          "Games contribute to wagering at the percentages stated in the offer; some games do not contribute. Using strategies that remove the house edge to meet wagering requirements voids the bonus.",
        ].join("\n\n"),
      },
    ],
  },
];

const ru: Group[] = [
  {
    id: 1,
    title: "Общие правила",
    chapters: [
      {
        id: 1,
        title: "Условия и согласие с правилами",
        body: [
          "Эти правила распространяются на все ставки и игры на Arena Bet. Открывая счёт или делая ставку, вы подтверждаете, что прочитали, поняли и приняли их вместе с Пользовательским соглашением и Политикой конфиденциальности.",
          "Мы можем изменять правила. Дата изменения публикуется, а авторизованные клиенты перед продолжением игры подтверждают новую редакцию. Ставки, принятые до изменения, рассчитываются по правилам, действовавшим на момент их приёма.",
          "Если текст правил на другом языке расходится с английским, действует английский текст.",
        ].join("\n\n"),
      },
      {
        id: 2,
        title: "Кто может играть. Игровой счёт",
        body: [
          "Открыть счёт могут лица старше 18 лет (или более высокого возраста, установленного законом их страны), которым разрешено участвовать в азартных играх по месту жительства. Мы вправе в любой момент запросить подтверждение возраста и личности и приостановить счёт до его получения.",
          "Каждый клиент может иметь один счёт. Повторные счета, счета на чужое имя и счета, используемые в интересах третьих лиц, закрываются; ставки с них могут быть аннулированы.",
          "Вы отвечаете за сохранность своих данных для входа. Ставки, сделанные с вашими данными, считаются сделанными вами.",
        ].join("\n\n"),
      },
      {
        id: 3,
        title: "Пополнение и вывод средств",
        body: [
          "Пополнять счёт и выводить средства можно только платёжными способами, оформленными на ваше имя. Средства зачисляются в валюте счёта.",
          "Перед первым выводом и во всех случаях, предусмотренных законом, мы проверяем вашу личность. Внесённые средства нужно хотя бы один раз поставить, прежде чем вывести: это защита от отмывания денег.",
          "Заявки на вывод обрабатываются в порядке поступления. Сроки зависят от платёжного способа и указаны на странице оплаты.",
        ].join("\n\n"),
      },
      {
        id: 4,
        title: "Ответственная игра",
        body: [
          "Ставки — это развлечение, а не способ заработка. В Личном кабинете можно в любой момент установить лимиты на депозит, ставки, проигрыш и длительность сессии, включить напоминания о времени в игре, взять тайм-аут или самоисключиться.",
          "Ужесточение лимита действует сразу; смягчение вступает в силу только после указанного срока ожидания.",
          "Если вам кажется, что игра становится проблемой, обратитесь в поддержку или в независимую организацию помощи. Счёт самоисключившегося клиента не может быть открыт до окончания срока самоисключения.",
        ].join("\n\n"),
      },
    ],
  },
  {
    id: 2,
    title: "Правила ставок на спорт",
    chapters: [
      {
        id: 1,
        title: "Приём ставок",
        body: [
          "Ставка принята, когда она появилась в истории ставок со своим номером. До этого коэффициенты, лимиты и доступность рынка могут измениться; если коэффициент меняется во время оформления, купон применяет выбранную вами настройку изменения коэффициентов.",
          "Минимальная и максимальная сумма ставки зависят от события, рынка и типа купона и показаны в купоне. Принятую ставку нельзя отменить или изменить.",
          "При явной ошибке в коэффициенте, линии или времени начала события ставка может быть рассчитана по правильному коэффициенту или аннулирована.",
        ].join("\n\n"),
      },
      {
        id: 2,
        title: "Типы ставок",
        body: [
          "Ординар — ставка на один исход. Экспресс — ставка на два и более независимых исхода; выигрывает, только если выиграли все исходы, коэффициенты перемножаются.",
          "Система — набор экспрессов заданного размера из выбранных исходов, например 2 из 3. Сумма делится поровну между комбинациями; каждая комбинация рассчитывается как экспресс.",
          "Исходы одного события и зависимые исходы нельзя объединять в один экспресс.",
        ].join("\n\n"),
      },
      {
        id: 3,
        title: "Расчёт ставок",
        body: [
          "Ставки рассчитываются по официальному результату основного времени с учётом добавленного, если в рынке не сказано иное (например, с учётом овертайма или серии пенальти). Последующие изменения официального результата не учитываются.",
          "Возвратный исход в экспрессе считается с коэффициентом 1,00. Азиатские форы и тоталы могут рассчитываться как половина выигрыша или половина проигрыша, как указано в рынке.",
          "Если событие перенесено и не началось в течение 48 часов от заявленного времени или прервано, ставки на него возвращаются, кроме рынков, исход которых уже определён.",
        ].join("\n\n"),
      },
      {
        id: 4,
        title: "Ставки в лайве",
        body: [
          "Ставки в лайве принимаются во время события. Приём может занимать несколько секунд; если за это время изменился счёт, ставка может быть отклонена или принята по новому коэффициенту в зависимости от ваших настроек.",
          "Ставки, принятые после того, как исход стал известен (например, после забитого гола), аннулируются.",
          "Счёт и статистика в лайве носят справочный характер; расчёт производится по официальному результату.",
        ].join("\n\n"),
      },
    ],
  },
  {
    id: 3,
    title: "Правила казино",
    chapters: [
      {
        id: 1,
        title: "Игры и честность",
        body: [
          "Игры казино предоставляют лицензированные провайдеры, генераторы случайных чисел которых проверены независимыми лабораториями. Процент возврата каждой игры указан в её информационном разделе.",
          "Правила и таблица выплат внутри игры являются частью этих правил. При сбое все выплаты и раунды аннулируются, ставки незавершённых раундов возвращаются.",
        ].join("\n\n"),
      },
      {
        id: 2,
        title: "Ставки и выигрыши",
        body: [
          "Каждый раунд рассчитывает провайдер игры. Выигрыш зачисляется на счёт, с которого была сделана ставка, сразу после окончания раунда.",
          "Максимальные ставка и выигрыш за раунд устанавливаются игрой. Раунд, прерванный из-за потери связи, завершается на стороне провайдера, а его результат отображается в истории игры.",
        ].join("\n\n"),
      },
      {
        id: 3,
        title: "Бонусы казино",
        body: [
          "Бонусы казино нужно отыграть на условиях, указанных в каждом предложении. До выполнения условий бонус и выигрыш с него вывести нельзя.",
          "Игры учитываются при отыгрыше в процентах, указанных в предложении; некоторые игры не учитываются. Использование стратегий, исключающих преимущество казино, для отыгрыша аннулирует бонус.",
        ].join("\n\n"),
      },
    ],
  },
];

/** Rows of rules_chapter: every chapter of every group, per language. */
export const demoRulesChapters = Object.entries({ en, ru }).flatMap(([lang, groups]) =>
  groups.flatMap((group) =>
    group.chapters.map((chapter) => ({
      group_id: group.id,
      chapter_id: chapter.id,
      lang,
      group_title: group.title,
      title: chapter.title,
      body: chapter.body,
    })),
  ),
);
