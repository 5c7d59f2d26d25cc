import { afterEach, describe, expect, it, vi } from 'vitest';

/** The Toast module as antd-mobile has it, arriving when the test says so (or failing to). */
async function withToastModule(arrival: 'gated' | 'failing-once') {
  vi.resetModules();
  const shown: { content: string; icon?: string; duration?: number }[] = [];
  const closed: string[] = [];
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let failures = arrival === 'failing-once' ? 1 : 0;
  vi.doMock('antd-mobile/es/components/toast', async () => {
    if (failures > 0) {
      failures -= 1;
      throw new TypeError('Failed to fetch dynamically imported module');
    }
    await gate;
    return {
      default: {
        show: (p: { content: string; icon?: string; duration?: number }) => {
          shown.push(p);
          return { close: () => closed.push(p.content) };
        },
      },
    };
  });
  const toast = await import('./toast');
  return { toast, shown, closed, open };
}

afterEach(() => {
  vi.doUnmock('antd-mobile/es/components/toast');
  vi.resetModules();
});

describe('the Toast, loaded when first needed', () => {
  it('a toast asked for before its code arrived shows when it does, with its duration', async () => {
    const t = await withToastModule('gated');
    t.toast.showToast('Network error', 2000);
    await new Promise((r) => setTimeout(r, 10));
    expect(t.shown).toEqual([]);
    t.open();
    await vi.waitFor(() => expect(t.shown).toEqual([{ content: 'Network error', duration: 2000 }]));
  });

  it('a loading toast closed before the code arrived never shows; one still open shows and closes', async () => {
    const t = await withToastModule('gated');
    const closeEarly = t.toast.showLoadingToast('Loading 1');
    closeEarly();
    const closeLater = t.toast.showLoadingToast('Loading 2');
    t.open();
    await vi.waitFor(() => expect(t.shown.map((s) => s.content)).toEqual(['Loading 2']));
    expect(t.shown[0]).toMatchObject({ icon: 'loading', duration: 0 });
    closeLater();
    expect(t.closed).toEqual(['Loading 2']);
  });

  it('a failed download is forgotten: the next toast loads it again', async () => {
    const t = await withToastModule('failing-once');
    t.toast.showToast('lost', 2000);
    await new Promise((r) => setTimeout(r, 10));
    t.open();
    t.toast.showToast('shown', 2000);
    await vi.waitFor(() => expect(t.shown.map((s) => s.content)).toEqual(['shown']));
  });
});
