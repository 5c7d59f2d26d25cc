/**
 * The web app's routes a message opens (its hash-router paths, spec §2): the record the message is about. Kept
 * here beside the kinds that use them; the web app's ROUTES has the same paths.
 */
export const MESSAGE_LINKS = {
  depositRecords: '/pages/tabbarPages/mine/rechargeRecord',
  withdrawalRecords: '/pages/tabbarPages/mine/withdrawalRecord',
  verification: '/pages/tabbarPages/home/verification',
  deliveryOrder: (id: string) => `/pages/tabbarPages/futures/detail?id=${id}`,
  /**
   * The Futures page on one of its copy-trading tabs, the plan brought forward: `invited` (Invited me, the
   * invitation's sheet open), `published` (Follow plan → Publish history) or `copies` (Follow plan → Copy history).
   * Messages stored before these links carried the bare page path, which still opens the page.
   */
  copyPlan: (planId: string, at: 'invited' | 'published' | 'copies') =>
    at === 'invited'
      ? `/pages/tabbarPages/futures/index?tab=invited&plan=${planId}`
      : `/pages/tabbarPages/futures/index?tab=follow&view=${at}&plan=${planId}`,
  inviteCentre: '/pages/tabbarPages/mine/share',
  notice: (id: string) => `/pages/tabbarPages/home/noticeDetail?id=${id}`,
  changeRecord: '/pages/tabbarPages/mine/changeRecord',
  service: '/pages/userPages/service',
  withdrawal: '/pages/tabbarPages/mine/withdrawal',
  perpetualPosition: (id: string) => `/pages/tabbarPages/perpetual/detail?type=position&id=${id}`,
} as const;
