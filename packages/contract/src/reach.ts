/**
 * The platform's reach as the marketing texts state it (spec §1: "40+ products", "130+ countries"): one source for
 * the server's `index/info` and every screen that says "N+" (Login, Register, About), through i18n placeholders.
 * The live number of products on offer is `index/info`'s productCount; these are the floors the texts promise.
 */
export const REACH = { products: 40, countries: 130 } as const;
