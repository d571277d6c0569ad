/** Content groups served by /bff-api/config/group/get, per language (`*` = every language). */
export const demoConfigGroups: Array<{ group_name: string; lang: string; value: unknown }> = [
  {
    group_name: "social_links",
    lang: "*",
    value: [
      { name: "Telegram", link: "https://t.me/arenabet", iconName: "telegram" },
      { name: "VK", link: "https://vk.com/arenabet", iconName: "vk" },
      { name: "YouTube", link: "https://youtube.com/@arenabet", iconName: "youtube" },
      { name: "X", link: "https://x.com/arenabet", iconName: "x" },
    ],
  },
  {
    group_name: "licence_meta",
    lang: "*",
    value: [{ domains: ["*"], name: "licence", content: "Curacao eGaming 8048/JAZ" }],
  },
  {
    group_name: "seo_home",
    lang: "ru",
    value: {
      title: "Ставки на спорт онлайн",
      text: "Arena Bet — букмекерская компания с линией на тысячи событий каждый день: футбол, хоккей, теннис, киберспорт. Ставки до матча и в лайве, экспресс и система, быстрые выплаты.",
    },
  },
  {
    group_name: "seo_home",
    lang: "en",
    value: {
      title: "Online sports betting",
      text: "Arena Bet is a bookmaker with thousands of events every day: football, ice hockey, tennis and esports. Pre-match and live betting, accumulators and systems, fast payouts.",
    },
  },
  {
    group_name: "seo_home",
    lang: "*",
    value: {
      title: "Arena Bet",
      text: "Arena Bet — sports betting, live betting and casino.",
    },
  },
];
