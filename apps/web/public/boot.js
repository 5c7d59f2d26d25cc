// The signed-in home's top, drawn before the app's JavaScript arrives (issue 18 §2; docs/decisions.md, session 39).
// A classic script: the server writes it into the entry's head, before the stylesheets (an inline script after a
// stylesheet would wait for it), allowed by its hash in the CSP (server platform/web-app.ts); the service worker's
// copy of the entry loads it async from this file. For a stored session opening the home tab it takes the banners
// (answered in the entry, else asked for at once), asks for the first banner's image at once (the home's largest
// paint) and, once the document is parsed, draws the nav bar, the greeting card's frame and the first banner with
// the app's own classes (home-top.css, in the entry's stylesheet), where the app's first render puts them. The app
// adopts the banners' answer (lib/early-reads.ts) instead of asking again. Anything unexpected: it does nothing, and
// the page starts as it did (the boot mark, then the app).
(() => {
  const HOME_ROUTES = ['', '/', '/pages/tabbarPages/home/index'];
  const BANNERS = '/api/index/carouselList';
  let state;
  try {
    state = JSON.parse(localStorage.getItem('nexa-session') || 'null').state;
  } catch {
    return;
  }
  if (!state || typeof state.token !== 'string' || !state.token) return;
  const route = location.hash.replace(/^#/, '').split('?')[0];
  if (HOME_ROUTES.indexOf(route) < 0) return;
  const html = document.documentElement;
  const meta = document.querySelector('meta[name="nexa-default-lang"]');
  // The language the app's calls will carry (session-store, lib/http.ts): the stored one, else the page's default.
  const lang = typeof state.lang === 'string' && state.lang ? state.lang : meta?.getAttribute('content') || 'en';
  // Theme and direction as the app will set them (lib/theme.ts, i18n), so the shell is not drawn in the wrong ones.
  if (state.theme === 'light' || state.theme === 'dark') {
    html.setAttribute('data-theme', state.theme);
    html.setAttribute('data-prefers-color-scheme', state.theme);
  }
  if (lang === 'ar') html.dir = 'rtl';
  // The server answers the banners in the entry itself, in its default language (server platform/web-app.ts): then
  // the banner is drawn at once and nothing is asked. In another language (or from the service worker's copy of the
  // entry, which has none) they are asked for here.
  const inline = inlineAnswer();
  const answer = inline
    ? Promise.resolve(new Response(JSON.stringify(inline), { headers: { 'content-type': 'application/json' } }))
    : fetch(BANNERS, { headers: { lang: lang, TOKEN: state.token } });
  const early = {
    path: 'index/carouselList',
    lang: lang,
    token: state.token,
    answer: answer,
    json: inline || undefined,
  };
  window.__nexaEarly = early;
  if (inline) preloadImage(inline);
  else {
    // Read by the shell from a copy, so the app can still read the answer itself.
    const json = answer.then((r) => (r.ok ? r.clone().json() : null));
    json.then(
      (j) => {
        early.json = j;
        fillBanner(j);
      },
      () => {},
    );
  }

  function inlineAnswer() {
    const block = document.getElementById('nexa-early');
    if (!block || block.getAttribute('data-path') !== 'index/carouselList' || block.getAttribute('data-lang') !== lang)
      return null;
    try {
      const j = JSON.parse(block.textContent || '');
      return j && j.code === 1 ? j : null;
    } catch {
      return null;
    }
  }

  const MARK =
    '<svg width="26" height="26" viewBox="0 0 64 64" aria-hidden="true" class="brand-mark"><defs><linearGradient id="boot-shell-g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1fd1a5"/><stop offset="1" stop-color="#0e9f84"/></linearGradient></defs><rect width="64" height="64" rx="16" fill="url(#boot-shell-g)"/><path d="M19 45V19h6l14 17V19h6v26h-6L25 28v17z" fill="#04221b"/></svg>';
  // The same structure as the app's home page (Page, NavBar, HomePage, HomeCarousel, Banner): home.e2e.ts checks
  // that the banner lands on the app's banner box.
  const SHELL = `<div class="tab-shell boot-shell" aria-hidden="true"><main class="tab-shell__content"><div class="page"><header class="nav-bar"><div class="nav-bar__inner"><div class="nav-bar__side nav-bar__side--start"><span class="brand">${MARK}<span class="brand__name">Nexa</span></span></div><div></div><div class="nav-bar__side nav-bar__side--end"></div></div></header><div class="page__body"><div class="stack home-stack"><section class="hero-surface hero-card"><p class="hero-card__eyebrow">&nbsp;</p><h2 class="hero-card__title">&nbsp;</h2><p class="hero-card__meta"><span class="badge">&nbsp;</span></p></section><section class="home-carousel"><div class="banner banner--shell"></div></section></div></div></div></main></div>`;

  function draw() {
    const root = document.getElementById('root');
    // Only over the boot mark: once the app has rendered, the page is the app's.
    if (!root || !root.querySelector('.boot')) return;
    root.innerHTML = SHELL;
    if (early.json !== undefined) fillBanner(early.json);
  }

  function firstBanner(j) {
    const first = j && j.code === 1 && j.data && Array.isArray(j.data.list) ? j.data.list[0] : null;
    return first && typeof first.image === 'string' ? first : null;
  }

  // The image's request leaves now, in the head, not once the body is parsed and the shell drawn: the same request
  // the banner's <img> then makes (fetchpriority high, like the <img>).
  function preloadImage(j) {
    const first = firstBanner(j);
    if (!first) return;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = first.image;
    link.setAttribute('fetchpriority', 'high');
    document.head.appendChild(link);
  }

  function fillBanner(j) {
    const slot = document.querySelector('#root .banner--shell');
    const first = firstBanner(j);
    if (!slot || !first || slot.firstChild) return;
    const img = document.createElement('img');
    img.className = 'banner__image';
    img.alt = '';
    img.width = 750;
    img.height = 300;
    img.setAttribute('fetchpriority', 'high');
    img.src = first.image;
    const title = document.createElement('span');
    title.className = 'banner__title';
    title.dir = 'auto';
    title.textContent = typeof first.title === 'string' ? first.title : '';
    slot.append(img, title);
  }

  // In the head the body is not parsed yet: draw once it is ('interactive' comes before the app's deferred module
  // scripts run, DOMContentLoaded only after them).
  if (document.readyState !== 'loading') draw();
  else {
    const onState = () => {
      if (document.readyState === 'loading') return;
      document.removeEventListener('readystatechange', onState);
      draw();
    };
    document.addEventListener('readystatechange', onState);
  }
})();
