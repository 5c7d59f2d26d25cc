import {
  type AdminSupportConversation,
  type AdminSupportThread,
  SUPPORT_CHANNEL_KINDS,
  SUPPORT_LIMITS,
  type SupportChannelSettings,
} from '@nexa/contract';
import {
  App,
  Badge,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  List,
  Row,
  Segmented,
  Space,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../components/states';
import { UploadImage } from '../components/upload-image';
import { uploadSupportImage } from '../lib/api';
import { markRefusedFields } from '../lib/form-errors';
import { age, dateTime } from '../lib/format';
import { useAction, useCall } from '../lib/query';
import { useMay } from '../lib/role';

const PAGE = 20;
type StatusFilter = 'open' | 'closed' | 'all';
type AssignedFilter = 'all' | 'unassigned' | 'mine';

const customer = (c: AdminSupportConversation) =>
  c.owner ? `${c.owner.uid} · ${c.owner.email ?? c.owner.mobile ?? ''}` : (c.visitorEmail ?? '');

/**
 * The support inbox (issue 16, console side of issue 17): conversations from the message centre and visitors,
 * newest first, the ones waiting for an answer marked; a thread refreshed every few seconds, replies with images
 * (checked by the server like a user's upload), assignment, close and reopen; and the channels users see.
 */
export default function SupportPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>('open');
  const [assigned, setAssigned] = useState<AssignedFilter>('all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const q = useCall(
    'admin/supportConversations',
    {
      status: status === 'all' ? undefined : status,
      assigned: assigned === 'all' ? undefined : assigned,
      page,
      pageSize: PAGE,
    },
    { refetchMs: 10_000 },
  );
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Row gutter={16}>
        <Col span={9}>
          <Card title={t('nav.support')} data-testid="support-list">
            {/* The filters wrap inside the card: as its header's extra they ran past a 9-column card ("Mine" clipped
                at 1440 px, hidden at 1280 px). */}
            <Space wrap size={[8, 8]} style={{ marginBottom: 8 }} data-testid="support-filters">
              <Segmented<StatusFilter>
                value={status}
                onChange={(v) => {
                  setStatus(v);
                  setPage(1);
                }}
                options={(['open', 'closed', 'all'] as const).map((v) => ({ value: v, label: t(`support.${v}`) }))}
              />
              <Segmented<AssignedFilter>
                value={assigned}
                onChange={(v) => {
                  setAssigned(v);
                  setPage(1);
                }}
                options={(['all', 'unassigned', 'mine'] as const).map((v) => ({
                  value: v,
                  label: t(`support.assigned.${v}`),
                }))}
              />
            </Space>
            <Loadable query={q}>
              {() => (
                <List<AdminSupportConversation>
                  dataSource={q.data!.list}
                  locale={{ emptyText: <Empty description={t('support.none')} /> }}
                  pagination={
                    q.data!.total > PAGE
                      ? { current: page, pageSize: PAGE, total: q.data!.total, onChange: setPage, size: 'small' }
                      : false
                  }
                  renderItem={(c) => (
                    <List.Item
                      onClick={() => setOpenId(c.id)}
                      style={{
                        cursor: 'pointer',
                        background: c.id === openId ? '#e6f4ff' : undefined,
                        paddingInline: 8,
                      }}
                      data-testid={`support-conv-${c.id}`}
                    >
                      <List.Item.Meta
                        // Without a zero minimum width the preview's one line widened the item past the card.
                        style={{ minWidth: 0 }}
                        title={
                          <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
                            {c.awaitingReply && c.status === 'open' && <Badge status="processing" />}
                            <Typography.Text
                              strong
                              ellipsis={{ tooltip: customer(c) }}
                              style={{ minWidth: 0 }}
                              data-testid="support-item-customer"
                            >
                              {customer(c)}
                            </Typography.Text>
                            {c.owner === null && <Tag>{t('support.visitor')}</Tag>}
                          </div>
                        }
                        description={
                          <Typography.Text
                            type="secondary"
                            ellipsis
                            style={{ display: 'block', maxWidth: '100%' }}
                            data-testid="support-item-preview"
                          >
                            {c.lastMessage
                              ? `${c.lastMessage.text || t('support.images', { n: c.lastMessage.images })}`
                              : '—'}
                          </Typography.Text>
                        }
                      />
                      <Space
                        direction="vertical"
                        size={0}
                        style={{ textAlign: 'end', flex: 'none' }}
                        data-testid="support-item-age"
                      >
                        <Typography.Text type="secondary">{age(c.updatedAt)}</Typography.Text>
                        {c.assignee && <Tag color="processing">{c.assignee.username}</Tag>}
                      </Space>
                    </List.Item>
                  )}
                />
              )}
            </Loadable>
          </Card>
        </Col>
        <Col span={15}>
          {openId ? (
            <Thread id={openId} />
          ) : (
            <Card>
              <Empty description={t('support.pick')} />
            </Card>
          )}
        </Col>
      </Row>
      <Channels />
    </Space>
  );
}

function Thread({ id }: { id: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const q = useCall('admin/supportConversation', { id, pageSize: 50 }, { refetchMs: 4_000 });
  const me = useCall('admin/me');
  const refresh = { invalidate: ['admin/supportConversation' as const, 'admin/supportConversations' as const] };
  const reply = useAction('admin/replySupport', refresh);
  const assign = useAction('admin/assignSupport', { ...refresh, success: t('support.assignedToMe') });
  const close = useAction('admin/closeSupport', { ...refresh, success: t('support.closedDone') });
  const reopen = useAction('admin/reopenSupport', { ...refresh, success: t('support.reopenedDone') });
  const [text, setText] = useState('');
  const [images, setImages] = useState<{ name: string; url: string }[]>([]);
  const [uploading, setUploading] = useState(false);
  // The pending state reaches the button a tick later; a second click in between is dropped here.
  const assigning = useRef(false);
  const assignMe = () => {
    if (assigning.current) return;
    assigning.current = true;
    assign.mutate(
      { id },
      {
        onSettled: () => {
          assigning.current = false;
        },
      },
    );
  };
  const send = () =>
    reply.mutate(
      { id, text: text.trim(), images: images.map((i) => i.name) },
      {
        onSuccess: () => {
          setText('');
          setImages([]);
        },
      },
    );
  return (
    <Loadable query={q}>
      {() => {
        const { conversation: c, list } = q.data!;
        const visitor = c.owner === null;
        // Once the thread is the caller's there is nothing to assign; while the call runs it cannot be sent twice
        // (the button is disabled, so a double click reaches it once).
        const mine = c.assignee !== null && c.assignee.id === me.data?.id;
        return (
          <Card
            title={
              <Space direction="vertical" size={0}>
                <span>{customer(c)}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
                  {t('support.assignee')}:{' '}
                  <span data-testid="support-assignee">
                    {c.assignee ? `${c.assignee.username} (#${c.assignee.id})` : t('support.nobody')}
                  </span>
                </Typography.Text>
              </Space>
            }
            extra={
              <Space>
                <Tag color={c.status === 'open' ? 'green' : 'default'}>{t(`support.${c.status}`)}</Tag>
                {!mine && (
                  <Button
                    onClick={assignMe}
                    loading={assign.isPending}
                    disabled={assign.isPending || !me.data}
                    data-testid="support-assign"
                  >
                    {t('support.assignMe')}
                  </Button>
                )}
                {c.status === 'open' ? (
                  <Button onClick={() => close.mutate({ id })} data-testid="support-close">
                    {t('support.close')}
                  </Button>
                ) : (
                  <Button onClick={() => reopen.mutate({ id })} data-testid="support-reopen">
                    {t('support.reopen')}
                  </Button>
                )}
              </Space>
            }
          >
            <Messages list={list} />
            <Input.TextArea
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={3}
              maxLength={SUPPORT_LIMITS.textMaxLength}
              placeholder={visitor ? t('support.visitorReply', { email: c.visitorEmail }) : t('support.replyHint')}
              data-testid="support-reply-input"
            />
            <Space style={{ marginTop: 8 }} wrap>
              {!visitor && (
                <Upload
                  accept="image/png,image/jpeg,image/webp"
                  showUploadList={false}
                  disabled={images.length >= SUPPORT_LIMITS.imagesPerMessage}
                  customRequest={async ({ file, onSuccess, onError }) => {
                    setUploading(true);
                    try {
                      const up = await uploadSupportImage(id, file as File);
                      setImages((xs) => [...xs, up]);
                      onSuccess?.(up);
                    } catch (err) {
                      void message.error(err instanceof Error ? err.message : String(err));
                      onError?.(err as Error);
                    } finally {
                      setUploading(false);
                    }
                  }}
                >
                  <Button loading={uploading}>{t('support.attach')}</Button>
                </Upload>
              )}
              {images.map((i) => (
                <Tag key={i.name} closable onClose={() => setImages((xs) => xs.filter((x) => x.name !== i.name))}>
                  {i.name.slice(0, 12)}
                </Tag>
              ))}
              <Button
                type="primary"
                onClick={send}
                loading={reply.isPending}
                disabled={!text.trim() && images.length === 0}
                data-testid="support-reply-send"
              >
                {t('support.send')}
              </Button>
            </Space>
          </Card>
        );
      }}
    </Loadable>
  );
}

/** A thread's messages, the operators' on the right. */
function Messages({ list }: { list: AdminSupportThread['list'] }) {
  const { t } = useTranslation();
  return (
    <div style={{ maxHeight: 480, overflowY: 'auto', marginBottom: 16 }} data-testid="support-thread">
      {list.map((m) => (
        <div
          key={m.id}
          style={{ display: 'flex', justifyContent: m.author === 'operator' ? 'flex-end' : 'flex-start' }}
        >
          <div
            style={{
              maxWidth: '75%',
              margin: '4px 0',
              padding: '8px 12px',
              borderRadius: 8,
              background: m.author === 'operator' ? '#e6f4ff' : '#f5f5f5',
            }}
          >
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {m.author === 'operator' ? m.operator : t(`support.author.${m.author}`)} · {dateTime(m.createdAt)}
            </Typography.Text>
            {m.text && <div style={{ whiteSpace: 'pre-wrap' }}>{m.text}</div>}
            {m.images.map((i) => (
              <div key={i.name} style={{ width: 200, marginTop: 4 }}>
                <UploadImage url={i.url} alt={t('support.image')} />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The channels users see on the customer-service page; changing them is the admin's (the server refuses others). */
function Channels() {
  const { t } = useTranslation();
  const q = useCall('admin/supportChannels');
  const save = useAction('admin/setSupportChannels', {
    success: t('settings.saved'),
    invalidate: ['admin/supportChannels'],
    fieldsOnForm: true,
  });
  const [form] = Form.useForm<SupportChannelSettings>();
  const editable = useMay()('admin/setSupportChannels');
  return (
    <Card title={t('support.channels')}>
      <Loadable query={q}>
        {() => (
          <Form<SupportChannelSettings>
            form={form}
            layout="inline"
            initialValues={q.data!}
            onFinish={(v) => save.mutate(v, { onError: (err) => markRefusedFields(form, err, t('settings.invalid')) })}
            disabled={!editable}
            style={{ rowGap: 8 }}
            data-testid="channels"
          >
            {SUPPORT_CHANNEL_KINDS.map((k) => (
              <Form.Item key={k} name={k} label={t(`support.channel.${k}`)}>
                <Input allowClear style={{ width: 220 }} placeholder={t('support.off')} />
              </Form.Item>
            ))}
            {editable && (
              <Button htmlType="submit" type="primary" loading={save.isPending} data-testid="channels-save">
                {t('settings.save')}
              </Button>
            )}
          </Form>
        )}
      </Loadable>
    </Card>
  );
}
