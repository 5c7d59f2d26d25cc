import { Code } from '@nexa/contract';
import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type CallName, NO_ANSWER } from '../lib/api';
import { useAction } from '../lib/query';
import { useMay } from '../lib/role';

type Kind = 'Deposit' | 'Withdrawal' | 'Verification';

/**
 * Approve (note optional) or reject (reason required); the user reads either. The server applies a decision once,
 * however many operators click; a second click is answered with its refusal. The confirmation restates what is
 * decided (`summary`: the kind, the user, the amount with its currency), so a click in the wrong drawer is caught
 * before it credits or pays anyone.
 *
 * A refusal of the record's state (another operator decided it meanwhile) or no answer at all (the decision may or
 * may not have been made) closes the modal and the drawer after its notice: the drawer shows the record as it was
 * opened, while the queue, refreshed once the call settled, shows what it is now.
 */
export function Decision({
  kind,
  id,
  summary,
  onDone,
}: { kind: Kind; id: string; summary: ReactNode; onDone: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const lists: CallName[] = ['admin/deposits', 'admin/withdrawals', 'admin/verifications', 'admin/dashboard'];
  const approve = useAction(`admin/approve${kind}`, { success: t('review.approved'), invalidate: lists });
  const reject = useAction(`admin/reject${kind}`, { success: t('review.rejected'), invalidate: lists });
  const may = useMay();
  if (!may(`admin/approve${kind}`)) return null;
  const done = () => {
    setOpen(null);
    onDone();
  };
  const submit = (v: { reason?: string }) => {
    const action = open === 'approve' ? approve : reject;
    action.mutate({ id, reason: v.reason ?? '' } as never, {
      onSuccess: done,
      onError: (err) => {
        if (err instanceof ApiError && (err.code === Code.REFUSED || err.code === NO_ANSWER)) done();
      },
    });
  };
  return (
    <>
      <Space>
        <Button type="primary" onClick={() => setOpen('approve')} data-testid="approve">
          {t('review.approve')}
        </Button>
        <Button danger onClick={() => setOpen('reject')} data-testid="reject">
          {t('review.reject')}
        </Button>
      </Space>
      <Modal
        open={open !== null}
        title={t(open === 'reject' ? `review.rejectTitle${kind}` : `review.approveTitle${kind}`)}
        footer={null}
        onCancel={() => setOpen(null)}
        destroyOnHidden
      >
        <Typography.Paragraph strong data-testid="decision-summary">
          {summary}
        </Typography.Paragraph>
        <Form layout="vertical" onFinish={submit}>
          <Form.Item
            name="reason"
            label={t(open === 'reject' ? 'review.reasonUserSees' : 'review.reasonOptional')}
            rules={open === 'reject' ? [{ required: true, whitespace: true, message: t('form.required') }] : []}
          >
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="reason" />
          </Form.Item>
          <Button
            type="primary"
            danger={open === 'reject'}
            htmlType="submit"
            loading={approve.isPending || reject.isPending}
            data-testid="confirm-decision"
          >
            {t(open === 'reject' ? 'review.reject' : 'review.approve')}
          </Button>
        </Form>
      </Modal>
    </>
  );
}
