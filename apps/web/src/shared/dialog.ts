import { closeOnNavigate } from '@/lib/overlays';
import { Dialog } from 'antd-mobile';

// Dialogs render outside the page: they close with the route (a confirm closed so answers "no"). Registered here,
// where the screens that open them import Dialog, so the first route does not carry it.
closeOnNavigate(() => Dialog.clear());

export { Dialog };
