import { describe, expect, it } from 'vitest';
import { checkImageFile, hasErrors, promptsFromServer } from './form-rules';

describe('image files', () => {
  const MB = 1024 * 1024;
  it.each([
    ['image/png', 1024, null],
    ['image/jpeg', 5 * MB, null],
    ['image/jpeg', 5 * MB + 1, 'size'],
    ['application/pdf', 1024, 'type'],
    ['image/svg+xml', 1024, 'type'],
    ['', 1024, 'type'],
    ['image/png', 0, 'type'],
  ])('%s of %i bytes: %s', (type, size, problem) => {
    expect(checkImageFile({ type, size }, { type: 'type', size: 'size' })).toBe(problem);
  });
});

describe("the server's refused fields", () => {
  const prompts = {
    required: { code: 'code.missing', password2: 'password2.missing' },
    invalid: { code: 'code.wrong' },
    mismatch: 'passwords.differ',
  };

  it('become the prompts under the fields the form has', () => {
    expect(
      promptsFromServer(
        [
          { field: 'code', reason: 'invalid' },
          { field: 'password2', reason: 'mismatch' },
          { field: 'unknown', reason: 'required' },
        ],
        prompts,
      ),
    ).toEqual({ code: 'code.wrong', password2: 'passwords.differ' });
  });

  it("keep a field's first problem; a refused value without its own prompt reads as missing", () => {
    expect(
      promptsFromServer(
        [
          { field: 'password2', reason: 'tooShort' },
          { field: 'password2', reason: 'mismatch' },
        ],
        prompts,
      ),
    ).toEqual({ password2: 'password2.missing' });
  });

  it("pass over a field named like an object's inherited properties", () => {
    const fields = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'].map((field) => ({
      field,
      reason: 'required' as const,
    }));
    const found = promptsFromServer(fields, prompts);
    expect(found).toEqual({});
    expect(Object.keys(found)).toEqual([]);
    expect(Object.getPrototypeOf(found)).toBe(Object.prototype);
  });

  it("take the form's own field names only, never one its prompts inherit", () => {
    const required = Object.assign(Object.create({ legacy: 'legacy.missing' }) as object, prompts.required);
    const fields = [
      { field: 'legacy', reason: 'required' as const },
      { field: 'code', reason: 'required' as const },
    ];
    expect(promptsFromServer(fields, { required })).toEqual({ code: 'code.missing' });
  });

  it('are no errors when there are none', () => {
    expect(hasErrors(promptsFromServer([], prompts))).toBe(false);
    expect(hasErrors({ code: 'code.missing' })).toBe(true);
  });
});
