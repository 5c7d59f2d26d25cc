import type { z } from 'zod';
import {
  ChangePasswordBody,
  CodeSentData,
  Empty,
  EmsSendBody,
  LoginBody,
  Nothing,
  RegisterBody,
  ResetPasswordBody,
  SessionData,
  SmsSendBody,
  User,
} from './auth.js';
import { contentApi } from './content.js';
import { convertApi } from './convert.js';
import { copyApi } from './copy.js';
import { def } from './define.js';
import {
  CreateDeliveryOrderBody,
  DeliveryDescData,
  DeliveryOrder,
  DeliveryOrdersData,
  HistoryOrdersBody,
  HistoryOrdersData,
  OrderCountdownData,
  OrderIdBody,
} from './delivery.js';
import { firstReadsApi } from './first-reads.js';
import { fundingApi } from './funding.js';
import { kycApi } from './kyc.js';
import {
  InfoData,
  KlineBody,
  KlineData,
  NoticeDetail,
  NoticeDetailBody,
  ProductDownData,
  ProductInfo,
  ProductListBody,
  ProductListData,
  SymbolBody,
  TimeListData,
  VarietiesData,
} from './market.js';
import { messagesApi } from './messages.js';
import { perpetualApi } from './perpetual.js';
import { referralApi } from './referral.js';
import { safeguardsApi } from './safeguards.js';
import { LoginData, securityApi } from './security.js';
import { supportApi } from './support.js';
import { InviteCodeSwitchData, LanguageData, RegionsData } from './system.js';
import {
  ChangeUserBody,
  DemoMoneyBody,
  DemoMoneyData,
  DenominationsData,
  MoneyBody,
  MoneyCallOutcomeBody,
  MoneyCallOutcomeData,
  MoneyData,
  MoneyLogsBody,
  MoneyLogsData,
  MoneyLogsOptionsData,
  PropertyBody,
  PropertyData,
  TransferRecord,
  TransferTypeData,
  UserMoneyLogBody,
  ZyRecBody,
  ZyRecData,
  ZySubmitBody,
} from './wallets.js';

export type { ApiDef } from './define.js';

export const api = {
  'ems/send': def(false, false, EmsSendBody, CodeSentData),
  'sms/send': def(false, false, SmsSendBody, CodeSentData),
  'user/register': def(false, false, RegisterBody, SessionData),
  'user/login': def(false, false, LoginBody, LoginData),
  'user/resetpwd': def(false, false, ResetPasswordBody, Nothing),
  'user/logout': def(false, true, Empty, Nothing),
  'index/regions': def(true, false, Empty, RegionsData),
  'index/language': def(false, false, Empty, LanguageData),
  'index/getInviteCodeSwitch': def(true, false, Empty, InviteCodeSwitchData),
  'user/changeUser': def(false, true, ChangeUserBody, User),
  'user/getDemoMoney': def(false, true, DemoMoneyBody, DemoMoneyData),
  'index/property': def(true, true, PropertyBody, PropertyData),
  'index/money': def(true, true, MoneyBody, MoneyData),
  'index/transferType': def(true, true, Empty, TransferTypeData),
  'index/zySubmit': def(false, true, ZySubmitBody, TransferRecord),
  'index/zyRec': def(true, true, ZyRecBody, ZyRecData),
  'index/moneyCallOutcome': def(false, true, MoneyCallOutcomeBody, MoneyCallOutcomeData),
  'index/denominations': def(true, false, Empty, DenominationsData),
  'order/getMoneyLogsOptions': def(true, true, Empty, MoneyLogsOptionsData),
  'order/moneyLogs': def(true, true, MoneyLogsBody, MoneyLogsData),
  'user/getUserMoneyLog': def(true, true, UserMoneyLogBody, MoneyLogsData),
  'index/varieties': def(true, false, Empty, VarietiesData),
  'index/timeList': def(true, false, SymbolBody, TimeListData),
  'index/noticeDetail': def(true, false, NoticeDetailBody, NoticeDetail),
  'index/info': def(true, false, Empty, InfoData),
  'product/getProductList': def(true, false, ProductListBody, ProductListData),
  'product/getProductInfo': def(true, false, SymbolBody, ProductInfo),
  'product/getKline': def(true, false, KlineBody, KlineData),
  'product/getProductDown': def(true, false, SymbolBody, ProductDownData),
  'order/createDeliveryOrder': def(false, true, CreateDeliveryOrderBody, DeliveryOrder),
  'order/deliveryOrders': def(true, true, Empty, DeliveryOrdersData),
  'order/historyOrders': def(true, true, HistoryOrdersBody, HistoryOrdersData),
  'order/getOrderCountdown': def(true, true, OrderIdBody, OrderCountdownData),
  'order/cancelDeliveryOrder': def(false, true, OrderIdBody, DeliveryOrder),
  'order/deliveryDesc': def(true, false, Empty, DeliveryDescData),
  'index/resetPassword': def(false, true, ChangePasswordBody, Nothing),
  ...fundingApi,
  ...convertApi,
  ...kycApi,
  ...perpetualApi,
  ...safeguardsApi,
  ...referralApi,
  ...contentApi,
  ...securityApi,
  ...supportApi,
  ...messagesApi,
  ...copyApi,
  ...firstReadsApi,
} as const;

export type Api = typeof api;
export type ApiPath = keyof Api;
export type ApiBody<P extends ApiPath> = z.input<Api[P]['body']>;
export type ApiData<P extends ApiPath> = z.output<Api[P]['data']>;
