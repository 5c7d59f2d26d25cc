import {
  type AdminContentItem,
  CONTENT_LIMITS,
  type ContentKind,
  LANGS,
  LANG_NAMES,
  type Lang,
  type MdBlock,
  type MdInline,
  RTL_LANGS,
  parseMarkdown,
} from '@nexa/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Drawer,
  Form,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { Children, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../components/states';
import { api } from '../lib/api';
import { markRefusedFields } from '../lib/form-errors';
import { dateTime } from '../lib/format';
import { useAction, useCall } from '../lib/query';
import { contentRefusal, textProblem, textProblemMessage } from '../lib/refusals';
import { useMay } from '../lib/role';
import { pager, usePageWithin } from '../lib/table';

const KINDS: ContentKind[] = ['announcement', 'banner', 'category', 'article'];
const PAGE = 20;
const withBody = (k: ContentKind) => k === 'announcement' || k === 'article';

/**
 * What readers see (issue 16; console side of issue 17): announcements, banners, help categories and articles, each
 * text in up to 13 locales (English required) with a preview, published or not, in the operator's order.
 */
export default function ContentPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ContentKind>('announcement');
  return (
    <Card title={t('nav.content')}>
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as ContentKind)}
        items={KINDS.map((k) => ({ key: k, label: t(`content.kind.${k}`) }))}
      />
      <KindTable key={kind} kind={kind} />
    </Card>
  );
}

function KindTable({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useCall('admin/contentList', { kind, page, pageSize: PAGE }, { keepPrevious: true });
  usePageWithin(page, setPage, q.data?.total, PAGE);
  const refresh = { invalidate: ['admin/contentList' as const] };
  const publish = useAction('admin/publishContent', { ...refresh, success: t('content.saved') });
  const order = useAction('admin/orderContent', refresh);
  const remove = useAction('admin/deleteContent', { ...refresh, success: t('content.deleted') });
  const may = useMay();
  const [editing, setEditing] = useState<AdminContentItem | 'new' | null>(null);
  // The order call puts the ids it lists first: on a later page it lists every item before the moved pair too.
  const orderable = page * PAGE <= CONTENT_LIMITS.orderMax;
  const move = async (list: AdminContentItem[], i: number, by: -1 | 1) => {
    const before = await Promise.all(
      Array.from({ length: page - 1 }, (_, p) => api('admin/contentList', { kind, page: p + 1, pageSize: PAGE })),
    );
    const ids = [...before.flatMap((d) => d.list.map((x) => x.id)), ...list.map((x) => x.id)];
    const at = ids.length - list.length + i;
    [ids[at], ids[at + by]] = [ids[at + by]!, ids[at]!];
    order.mutate({ kind, ids });
  };
  return (
    <>
      {may('admin/saveContent') && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setEditing('new')} data-testid="content-new">
            {t('content.new')}
          </Button>
        </Space>
      )}
      <Loadable query={q}>
        {() => {
          const list = q.data!.list;
          return (
            <Table<AdminContentItem>
              rowKey="id"
              size="small"
              dataSource={list}
              pagination={pager(page, PAGE, q.data!.total, setPage)}
              columns={[
                {
                  title: t('content.title'),
                  render: (_, r) => (
                    <Space>
                      {r.title.en}
                      {r.pinned && <Tag color="warning">{t('content.pinned')}</Tag>}
                      {r.faq && <Tag>FAQ</Tag>}
                    </Space>
                  ),
                },
                {
                  title: t('content.locales'),
                  render: (_, r) => `${Object.keys(r.title).length} / ${LANGS.length}`,
                },
                {
                  title: t('content.published'),
                  render: (_, r) => (
                    <Switch
                      checked={r.published}
                      disabled={!may('admin/publishContent')}
                      onChange={(published) => publish.mutate({ kind, id: r.id, published })}
                      aria-label={`${t('content.published')}: ${r.title.en}`}
                      data-testid={`content-publish-${r.id}`}
                    />
                  ),
                },
                { title: t('content.updated'), render: (_, r) => dateTime(r.updatedAt) },
                {
                  title: t('content.order'),
                  render: (_, r, i) => (
                    <Space size={4}>
                      <Button
                        size="small"
                        disabled={i === 0 || !orderable || !may('admin/orderContent')}
                        onClick={() => void move(list, i, -1)}
                        aria-label="up"
                      >
                        ↑
                      </Button>
                      <Button
                        size="small"
                        disabled={i === list.length - 1 || !orderable || !may('admin/orderContent')}
                        onClick={() => void move(list, i, 1)}
                        aria-label="down"
                      >
                        ↓
                      </Button>
                    </Space>
                  ),
                },
                {
                  title: '',
                  render: (_, r) => (
                    <Space size={4}>
                      <Button size="small" onClick={() => setEditing(r)} data-testid={`content-edit-${r.id}`}>
                        {t(may('admin/saveContent') ? 'products.edit' : 'content.view')}
                      </Button>
                      {may('admin/deleteContent') && (
                        <Popconfirm
                          title={t('content.confirmDelete')}
                          okText={t('content.delete')}
                          okButtonProps={
                            { danger: true, 'data-testid': 'content-delete-confirm' } as React.ComponentProps<
                              typeof Button
                            >
                          }
                          cancelText={t('common.no')}
                          onConfirm={() => remove.mutateAsync({ kind, id: r.id }).catch(() => undefined)}
                        >
                          <Button size="small" danger data-testid={`content-delete-${r.id}`}>
                            {t('content.delete')}
                          </Button>
                        </Popconfirm>
                      )}
                    </Space>
                  ),
                },
              ]}
            />
          );
        }}
      </Loadable>
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        width={1100}
        title={t(editing === 'new' ? 'content.new' : 'content.edit')}
        destroyOnHidden
      >
        {editing !== null && (
          <Editor kind={kind} item={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Drawer>
    </>
  );
}

interface EditorForm {
  title: Partial<Record<Lang, string>>;
  body?: Partial<Record<Lang, string>>;
  pinned?: boolean;
  faq?: boolean;
  image?: string;
  link?: string;
  categoryId?: string;
}

const clean = (v?: Partial<Record<Lang, string>>) =>
  Object.fromEntries(Object.entries(v ?? {}).filter(([, s]) => s?.trim())) as Record<string, string>;

function Editor({ kind, item, onDone }: { kind: ContentKind; item: AdminContentItem | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditorForm>();
  const [lang, setLang] = useState<Lang>('en');
  const save = useAction('admin/saveContent', {
    success: t('content.saved'),
    invalidate: ['admin/contentList'],
    fieldsOnForm: true,
  });
  const editable = useMay()('admin/saveContent');
  const categories = useCall(
    'admin/contentList',
    { kind: 'category', page: 1, pageSize: 100 },
    { enabled: kind === 'article' },
  );
  const body = Form.useWatch(['body', lang], form) as string | undefined;
  const title = Form.useWatch(['title', lang], form) as string | undefined;
  // What the server would refuse in this language's text, said above the preview: the preview renders such a text
  // as the characters it is (raw HTML included), which looked fine and was refused on Save.
  const problems = [
    title?.trim() ? textProblem(title, 'title') : null,
    body?.trim() ? textProblem(body, 'body') : null,
  ].filter((p) => p !== null);
  const onFinish = (v: EditorForm) => {
    const base = { id: item?.id, title: clean(v.title) };
    const payload =
      kind === 'announcement'
        ? { kind, ...base, body: clean(v.body), pinned: v.pinned ?? false }
        : kind === 'banner'
          ? { kind, ...base, image: v.image ?? '', link: v.link ?? '' }
          : kind === 'category'
            ? { kind, ...base }
            : { kind, ...base, body: clean(v.body), categoryId: v.categoryId ?? '', faq: v.faq ?? false };
    save.mutate(payload, {
      onSuccess: onDone,
      onError: (err) => {
        const say = (field: string, reason: string) => contentRefusal(t, field, reason, payload);
        const first = markRefusedFields(form, err, say)[0]?.[1];
        if (typeof first === 'string' && (LANGS as readonly string[]).includes(first)) setLang(first as Lang);
      },
    });
  };
  return (
    <Form<EditorForm>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      disabled={!editable}
      initialValues={{
        title: item?.title ?? {},
        body: item?.body ?? {},
        pinned: item?.pinned ?? false,
        faq: item?.faq ?? false,
        image: item?.image ?? undefined,
        link: item?.link ?? undefined,
        categoryId: item?.categoryId ?? undefined,
      }}
    >
      <Space wrap>
        {kind === 'announcement' && (
          <Form.Item name="pinned" label={t('content.pinned')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        {kind === 'article' && (
          <>
            <Form.Item name="categoryId" label={t('content.category')} rules={[{ required: true }]}>
              <Select
                style={{ width: 240 }}
                loading={categories.isPending}
                options={categories.data?.list.map((c) => ({ value: c.id, label: c.title.en }))}
              />
            </Form.Item>
            <Form.Item name="faq" label="FAQ" valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        )}
        {kind === 'banner' && (
          <>
            <Form.Item name="image" label={t('content.image')} rules={[{ required: true }]} extra="/h5/… or https://">
              <Input style={{ width: 360 }} data-testid="content-image" />
            </Form.Item>
            <Form.Item name="link" label={t('content.link')} rules={[{ required: true }]} extra="#/pages/… or https://">
              <Input style={{ width: 360 }} data-testid="content-link" />
            </Form.Item>
          </>
        )}
      </Space>
      <Tabs
        activeKey={lang}
        onChange={(k) => setLang(k as Lang)}
        items={LANGS.map((l) => ({ key: l, label: l === 'en' ? `${LANG_NAMES[l]} *` : LANG_NAMES[l] }))}
      />
      <Row gutter={16}>
        <Col span={withBody(kind) ? 12 : 24}>
          {LANGS.map((l) => (
            <div key={l} style={{ display: l === lang ? 'block' : 'none' }} dir={RTL_LANGS.includes(l) ? 'rtl' : 'ltr'}>
              <Form.Item name={['title', l]} label={t('content.title')} rules={l === 'en' ? [{ required: true }] : []}>
                <Input maxLength={120} data-testid={`content-title-${l}`} />
              </Form.Item>
              {withBody(kind) && (
                <Form.Item
                  name={['body', l]}
                  label={t('content.body')}
                  rules={l === 'en' ? [{ required: true }] : []}
                  extra={t('content.markdownHelp')}
                >
                  <Input.TextArea rows={14} maxLength={8000} data-testid={`content-body-${l}`} />
                </Form.Item>
              )}
            </div>
          ))}
        </Col>
        {withBody(kind) && (
          <Col span={12}>
            <Typography.Text type="secondary">{t('content.preview')}</Typography.Text>
            {problems.length > 0 && (
              <Alert
                type="error"
                showIcon
                style={{ marginTop: 8 }}
                data-testid="content-preview-problem"
                title={t('content.previewRefused')}
                description={[...new Set(problems.map((p) => textProblemMessage(t, p)))].join(' ')}
              />
            )}
            <div
              style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 16, minHeight: 300, marginTop: 8 }}
              dir={RTL_LANGS.includes(lang) ? 'rtl' : 'ltr'}
              data-testid="content-preview"
            >
              <Preview source={body ?? ''} />
            </div>
          </Col>
        )}
      </Row>
      {editable && (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="content-save">
          {t('settings.save')}
        </Button>
      )}
    </Form>
  );
}

/** The reader's rendering of the Markdown subset, as antd typography (text stays text, links are not followed). */
function Preview({ source }: { source: string }) {
  return <Typography>{Children.toArray(parseMarkdown(source).map(previewBlock))}</Typography>;
}

function previewBlock(b: MdBlock): ReactNode {
  if (b.t === 'heading') return <Typography.Title level={b.level === 2 ? 4 : 5}>{spans(b.c)}</Typography.Title>;
  if (b.t === 'paragraph') return <Typography.Paragraph>{spans(b.c)}</Typography.Paragraph>;
  const items = Children.toArray(b.items.map(previewItem));
  return b.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
}

const previewItem = (item: MdInline[]): ReactNode => <li>{spans(item)}</li>;

/** Inline nodes keyed by position (a fixed text, in order). */
const spans = (nodes: MdInline[]): ReactNode[] => Children.toArray(nodes.map(previewInline));

function previewInline(n: MdInline): ReactNode {
  if (n.t === 'text') return n.v;
  if (n.t === 'strong') return <strong>{spans(n.c)}</strong>;
  return <Typography.Link title={n.href}>{spans(n.c)}</Typography.Link>;
}
