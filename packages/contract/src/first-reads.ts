import { Empty, User } from './auth.js';
import { def } from './define.js';
import { CarouselData, NoticeListBody, NoticeListData, OverviewData } from './market.js';
import { messagesApi } from './messages.js';

/**
 * The calls a signed-in start makes before anything else (the home tab: who is signed in, the market overview, the
 * banners, the notice bar, the bell), declared here and spread into `api`. The web app loads this small registry
 * first, so the first screen's answers are read with a few schemas instead of the whole contract's.
 */
export const firstReadsApi = {
  'user/getUserinfo': def(true, true, Empty, User),
  'index/overview': def(true, false, Empty, OverviewData),
  'index/carouselList': def(true, false, Empty, CarouselData),
  'index/getList': def(true, false, NoticeListBody, NoticeListData),
  'message/unread': messagesApi['message/unread'],
} as const;
