import type { Migration } from './index.js';

/** Languages not written in Latin script, then the Latin-script ones (`en` is the first column of each table). */
const OTHER_SCRIPTS = ['zh', 'hk', 'jp', 'kr', 'ar', 'pe', 'ru'] as const;
const LATIN = ['de', 'fr', 'sp', 'it', 'pt'] as const;

/** Rows of `|`-separated cells, one row a line. */
const table = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.split(' | ').map((cell) => cell.trim()));

/**
 * Crypto names are brands: Latin-script languages write them as English does, the others as exchanges in those
 * languages name them. Columns: en | zh | hk | jp | kr | ar | pe | ru.
 */
const CRYPTO = table(`
Bitcoin | 比特币 | 比特幣 | ビットコイン | 비트코인 | بيتكوين | بیت‌کوین | Биткоин
Ethereum | 以太坊 | 以太坊 | イーサリアム | 이더리움 | إيثريوم | اتریوم | Эфириум
BNB | 币安币 | 幣安幣 | BNB | BNB | BNB | BNB | BNB
Solana | 索拉纳 | 索拉納 | ソラナ | 솔라나 | سولانا | سولانا | Солана
XRP | 瑞波币 | 瑞波幣 | リップル | 리플 | ريبل | ریپل | Рипл
Cardano | 艾达币 | 艾達幣 | カルダノ | 에이다 | كاردانو | کاردانو | Кардано
Dogecoin | 狗狗币 | 狗狗幣 | ドージコイン | 도지코인 | دوجكوين | دوج‌کوین | Догикоин
TRON | 波场 | 波場 | トロン | 트론 | ترون | ترون | Трон
Toncoin | Toncoin | Toncoin | トンコイン | 톤코인 | تونكوين | تون‌کوین | Тонкоин
Avalanche | 雪崩 | 雪崩 | アバランチ | 아발란체 | أفالانش | اولانچ | Аваланч
Polkadot | 波卡 | 波卡 | ポルカドット | 폴카닷 | بولكادوت | پولکادات | Полкадот
Chainlink | Chainlink | Chainlink | チェーンリンク | 체인링크 | تشينلينك | چین‌لینک | Чейнлинк
Polygon | Polygon | Polygon | ポリゴン | 폴리곤 | بوليغون | پالیگان | Полигон
Litecoin | 莱特币 | 萊特幣 | ライトコイン | 라이트코인 | لايتكوين | لایت‌کوین | Лайткоин
Bitcoin Cash | 比特币现金 | 比特幣現金 | ビットコインキャッシュ | 비트코인캐시 | بيتكوين كاش | بیت‌کوین کش | Биткоин Кэш
Uniswap | Uniswap | Uniswap | ユニスワップ | 유니스왑 | يوني سواب | یونی‌سواپ | Юнисвап
Cosmos | Cosmos | Cosmos | コスモス | 코스모스 | كوزموس | کازماس | Космос
Stellar | 恒星币 | 恒星幣 | ステラルーメン | 스텔라루멘 | ستيلر | استلار | Стеллар
Ethereum Classic | 以太坊经典 | 以太坊經典 | イーサリアムクラシック | 이더리움클래식 | إيثريوم كلاسيك | اتریوم کلاسیک | Эфириум Классик
Filecoin | 文件币 | 文件幣 | ファイルコイン | 파일코인 | فايلكوين | فایل‌کوین | Файлкоин
Aptos | Aptos | Aptos | アプトス | 앱토스 | أبتوس | اپتوس | Аптос
Arbitrum | Arbitrum | Arbitrum | アービトラム | 아비트럼 | أربيتروم | آربیتروم | Арбитрум
Optimism | Optimism | Optimism | オプティミズム | 옵티미즘 | أوبتيميزم | آپتیمیزم | Оптимизм
NEAR Protocol | NEAR 协议 | NEAR 協議 | ニアプロトコル | 니어프로토콜 | بروتوكول نير | پروتکل نیر | Протокол NEAR
Internet Computer | 互联网计算机 | 互聯網電腦 | インターネットコンピュータ | 인터넷컴퓨터 | إنترنت كمبيوتر | اینترنت کامپیوتر | Интернет-компьютер
Aave | Aave | Aave | アーベ | 에이브 | آفي | آوه | Ааве
Sui | Sui | Sui | スイ | 수이 | سوي | سویی | Суи
Shiba Inu | 柴犬币 | 柴犬幣 | シバイヌ | 시바이누 | شيبا إينو | شیبا اینو | Шиба-ину
Pepe | 佩佩币 | 佩佩幣 | ぺぺ | 페페 | بيبي | پپه | Пепе
Injective | Injective | Injective | インジェクティブ | 인젝티브 | إنجكتيف | اینجکتیو | Инжектив
Hedera | 海德拉 | 海德拉 | ヘデラ | 헤데라 | هيديرا | هدرا | Хедера
VeChain | 唯链 | 唯鏈 | ヴィチェーン | 비체인 | في تشين | وی‌چین | ВиЧейн
Algorand | Algorand | Algorand | アルゴランド | 알고랜드 | ألغوراند | الگوراند | Алгоранд
The Sandbox | 沙盒 | 沙盒 | ザ・サンドボックス | 샌드박스 | ذا ساندبوكس | سندباکس | Сэндбокс
Decentraland | Decentraland | Decentraland | ディセントラランド | 디센트럴랜드 | ديسنترالاند | دیسنترالند | Децентраленд
Axie Infinity | Axie Infinity | Axie Infinity | アクシーインフィニティ | 엑시인피니티 | أكسي إنفينيتي | اکسی اینفینیتی | Акси Инфинити
`);

/** The words of forex and metal names, translated. Columns: en | zh | hk | jp | kr | ar | pe | ru | de | fr | sp | it | pt. */
const WORDS = new Map(
  table(`
Euro | 欧元 | 歐元 | ユーロ | 유로 | يورو | یورو | Евро | Euro | Euro | Euro | Euro | Euro
US Dollar | 美元 | 美元 | 米ドル | 미국 달러 | دولار أمريكي | دلار آمریکا | Доллар США | US-Dollar | Dollar américain | Dólar estadounidense | Dollaro USA | Dólar americano
British Pound | 英镑 | 英鎊 | 英ポンド | 영국 파운드 | جنيه إسترليني | پوند انگلیس | Британский фунт | Britisches Pfund | Livre sterling | Libra esterlina | Sterlina britannica | Libra esterlina
Japanese Yen | 日元 | 日圓 | 日本円 | 일본 엔 | ين ياباني | ین ژاپن | Японская иена | Japanischer Yen | Yen japonais | Yen japonés | Yen giapponese | Iene japonês
Australian Dollar | 澳元 | 澳元 | 豪ドル | 호주 달러 | دولار أسترالي | دلار استرالیا | Австралийский доллар | Australischer Dollar | Dollar australien | Dólar australiano | Dollaro australiano | Dólar australiano
Canadian Dollar | 加元 | 加元 | カナダドル | 캐나다 달러 | دولار كندي | دلار کانادا | Канадский доллар | Kanadischer Dollar | Dollar canadien | Dólar canadiense | Dollaro canadese | Dólar canadense
Swiss Franc | 瑞士法郎 | 瑞士法郎 | スイスフラン | 스위스 프랑 | فرنك سويسري | فرانک سوئیس | Швейцарский франк | Schweizer Franken | Franc suisse | Franco suizo | Franco svizzero | Franco suíço
Gold | 黄金 | 黃金 | 金 | 금 | ذهب | طلا | Золото | Gold | Or | Oro | Oro | Ouro
Silver | 白银 | 白銀 | 銀 | 은 | فضة | نقره | Серебро | Silber | Argent | Plata | Argento | Prata
`).map(([en, ...cells]) => [en!, cells]),
);

const FOREX = [
  'Euro / US Dollar',
  'British Pound / US Dollar',
  'US Dollar / Japanese Yen',
  'Australian Dollar / US Dollar',
  'US Dollar / Canadian Dollar',
  'US Dollar / Swiss Franc',
  'Gold / US Dollar',
  'Silver / US Dollar',
];

/** Every language's name of a seeded forex or metal product: `<base> / <quote>` (no spaces in CJK). */
function pairNames(english: string): Record<string, string> {
  const [base, quote] = english.split(' / ').map((word) => WORDS.get(word));
  if (!base || !quote) throw new Error(`no translation for the product name ${english}`);
  const langs = [...OTHER_SCRIPTS, ...LATIN];
  const sep = (lang: string) => (lang === 'zh' || lang === 'hk' || lang === 'jp' ? '/' : ' / ');
  return { en: english, ...Object.fromEntries(langs.map((l, i) => [l, `${base[i]}${sep(l)}${quote[i]}`])) };
}

/** Every language's name of a seeded product, from its English name. */
export function seededNames(english: string): Record<string, string> {
  const brand = CRYPTO.find(([en]) => en === english);
  if (!brand) return pairNames(english);
  const own = Object.fromEntries(OTHER_SCRIPTS.map((l, i) => [l, brand[i + 1]!]));
  return { en: english, ...Object.fromEntries(LATIN.map((l) => [l, english])), ...own };
}

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * Product names in the 13 languages (they were English only, so a reader in Arabic or Japanese saw "Gold / US
 * Dollar"). `names` holds every language, English included; `name` stays the English one. Readers fall back to
 * English for a language a product an operator adds has no name in (market service).
 */
export const m0014ProductNames: Migration = {
  version: 14,
  name: 'product names',
  sql: [
    `ALTER TABLE products ADD COLUMN names jsonb NOT NULL DEFAULT '{}'::jsonb;`,
    `UPDATE products SET names = jsonb_build_object('en', name);`,
    ...[...CRYPTO.map(([en]) => en!), ...FOREX].map(
      (english) =>
        `UPDATE products SET names = ${literal(JSON.stringify(seededNames(english)))}::jsonb WHERE name = ${literal(english)};`,
    ),
  ].join('\n'),
};
