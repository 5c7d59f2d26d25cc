// The warm-up worker of intl-warm.ts: builds and uses a number format in the locale it is sent, then ends.
self.onmessage = (event: MessageEvent<unknown>) => {
  const locale = typeof event.data === 'string' ? event.data : 'en';
  try {
    new Intl.NumberFormat(locale, { notation: 'compact', numberingSystem: 'latn' }).format(1234.5);
    new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).format(1234.5);
  } catch {
    // An unknown tag: the page falls back the same way (market-format.ts).
  }
  self.close();
};
