import { describe, expect, it } from 'vitest';
import { zodJitless } from './zod-jitless';

describe('zodJitless', () => {
  it('reaches the zod that loads after it: no eval probe, plain parsers', async () => {
    zodJitless();
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const probe = globalThis.Function;
    let probed = 0;
    // A probe would construct a Function: count any.
    globalThis.Function = new Proxy(probe, {
      construct(target, args) {
        probed++;
        return Reflect.construct(target, args);
      },
    });
    try {
      const { z } = await import('zod');
      const schema = z.object({ a: z.string(), b: z.number() });
      expect(schema.parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
      expect(probed).toBe(0);
    } finally {
      globalThis.Function = probe;
    }
  });
});
