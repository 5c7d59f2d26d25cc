/**
 * The web app's routes a message opens (its hash-router paths, spec §2): the record the message is about. Kept
 * here beside the kinds that use them; the web app's ROUTES has the same paths.
 */
export const MESSAGE_LINKS = {
  depositRecords: '/pages/tabbarPages/mine/rechargeRecord',
  withdrawalRecords: '/pages/tabbarPages/mine/withdrawalRecord',
  verification: '/pages/tabbarPages/home/verification',
  deliveryOrder: (id: string) => `/pages/tabbarPages/futures/detail?id=${id}`,
  /** The delivery page, whose copy-trading tabs list the user's plans and copies. */
  copyPlans: '/pages/tabbarPages/futures/index',
  inviteCentre: '/pages/tabbarPages/mine/share',
  notice: (id: string) => `/pages/tabbarPages/home/noticeDetail?id=${id}`,
  perpetualPosition: (id: string) => `/pages/tabbarPages/perpetual/detail?type=position&id=${id}`,
} as const;
