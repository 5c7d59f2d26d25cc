import { UPLOAD_LIMITS } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  checkImage,
  errorsFromServer,
  promptText,
  sayRefusal,
  validateAdvanced,
  validateBasic,
} from './model';

const basic = { country: 'DE', name: 'Erika Mustermann', idNumber: 'T22000129' };

describe('basic verification', () => {
  it('asks for country or region, name and ID number (spec §5)', () => {
    expect(validateBasic({ country: '', name: ' ', idNumber: '' })).toEqual({
      country: 'kyc.errors.country',
      name: 'kyc.errors.name',
      idNumber: 'kyc.errors.idNumber',
    });
    expect(validateBasic(basic)).toEqual({});
  });

  it('refuses an ID number the server would refuse, and an overlong name', () => {
    expect(validateBasic({ ...basic, idNumber: 'ab' }).idNumber).toBe('kyc.errors.idNumberInvalid');
    expect(validateBasic({ ...basic, idNumber: 'AB 1234' }).idNumber).toBe('kyc.errors.idNumberInvalid');
    expect(validateBasic({ ...basic, idNumber: '110-101-1990' }).idNumber).toBeUndefined();
    expect(validateBasic({ ...basic, name: 'x'.repeat(101) }).name).toBe('kyc.errors.nameLength');
  });
});

describe('advanced verification', () => {
  it('asks for address, city and both photos only (the identity is the verified basic one)', () => {
    expect(validateAdvanced({ address: '', city: '', frontImage: null, backImage: null })).toEqual({
      address: 'kyc.errors.address',
      city: 'kyc.errors.city',
      frontImage: 'kyc.errors.front',
      backImage: 'kyc.errors.back',
    });
    const photo = `${'a'.repeat(32)}.png`;
    expect(
      validateAdvanced({ address: 'Main St 1', city: 'Berlin', frontImage: photo, backImage: `${'b'.repeat(32)}.png` }),
    ).toEqual({});
  });
});

describe('photos', () => {
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const JPEG = [0xff, 0xd8, 0xff, 0xe0];
  const file = (head: number[], size = 1024, type = 'image/png') =>
    new Blob([new Uint8Array(head), new Uint8Array(Math.max(0, size - head.length))], { type });

  it('takes images up to the limit the server stores (UPLOAD_LIMITS, 5 MB) only', async () => {
    expect(UPLOAD_LIMITS.maxBytes).toBe(5 * 1024 * 1024);
    await expect(checkImage(file(PNG))).resolves.toBeNull();
    await expect(checkImage(file(JPEG, UPLOAD_LIMITS.maxBytes, 'image/jpeg'))).resolves.toBeNull();
    await expect(checkImage(file(JPEG, UPLOAD_LIMITS.maxBytes + 1, 'image/jpeg'))).resolves.toBe(
      'kyc.errors.imageSize',
    );
    await expect(checkImage(file([], 0))).resolves.toBe('kyc.errors.imageType');
  });

  it('tells an image by its content, as the server does, not by its name or stated type', async () => {
    // A text file named id.png (the browser states image/png from the name): the server would refuse it.
    await expect(checkImage(file([...new TextEncoder().encode('not an image')]))).resolves.toBe('kyc.errors.imageType');
    await expect(checkImage(file(PNG, 1024, 'application/pdf'))).resolves.toBeNull();
    await expect(checkImage(file(PNG, 1024, ''))).resolves.toBeNull();
  });
});

describe('server answers', () => {
  // What the server says as the envelope's msg: the first refused field's sentence, in the user's language.
  const msg = 'The server says why';

  it.each([
    ['basic', 'country', 'required', 'kyc.errors.country'],
    ['basic', 'country', 'invalid', 'kyc.errors.countryInvalid'],
    ['basic', 'name', 'required', 'kyc.errors.name'],
    ['basic', 'name', 'tooLong', 'kyc.errors.nameLength'],
    ['basic', 'name', 'invalid', 'kyc.errors.nameInvalid'],
    ['basic', 'idNumber', 'required', 'kyc.errors.idNumber'],
    ['basic', 'idNumber', 'invalid', 'kyc.errors.idNumberInvalid'],
    ['advanced', 'address', 'required', 'kyc.errors.address'],
    ['advanced', 'address', 'tooLong', 'kyc.errors.addressLength'],
    ['advanced', 'address', 'invalid', 'kyc.errors.addressInvalid'],
    ['advanced', 'city', 'required', 'kyc.errors.city'],
    ['advanced', 'city', 'tooLong', 'kyc.errors.cityLength'],
    ['advanced', 'city', 'invalid', 'kyc.errors.cityInvalid'],
    ['advanced', 'frontImage', 'required', 'kyc.errors.front'],
    ['advanced', 'frontImage', 'invalid', 'kyc.errors.frontInvalid'],
    ['advanced', 'backImage', 'required', 'kyc.errors.back'],
    ['advanced', 'backImage', 'invalid', 'kyc.errors.backInvalid'],
    ['advanced', 'backImage', 'duplicate', 'kyc.errors.backSame'],
  ] as const)("says a %s form's refused %s (%s) under it for that reason: %s", (level, field, reason, prompt) => {
    expect(errorsFromServer([{ field, reason }], msg, level)).toEqual({ [field]: prompt });
  });

  it('never shows the prompt of another reason: a photo the server could not use is not "please upload"', () => {
    const refused = errorsFromServer([{ field: 'frontImage', reason: 'invalid' }], msg, 'advanced');
    expect(refused.frontImage).not.toBe('kyc.errors.front');
    // A name with a tab in it is not too long.
    expect(errorsFromServer([{ field: 'name', reason: 'invalid' }], msg, 'basic').name).not.toBe(
      'kyc.errors.nameLength',
    );
  });

  it("gives the first field the server's own sentence when the form has no prompt for its reason", () => {
    expect(errorsFromServer([{ field: 'city', reason: 'tooShort' }], msg, 'advanced')).toEqual({
      city: { said: msg },
    });
    // A later field's reason is not what msg says: no prompt (the refusal is a toast).
    expect(
      errorsFromServer(
        [
          { field: 'address', reason: 'invalid' },
          { field: 'city', reason: 'tooShort' },
        ],
        msg,
        'advanced',
      ),
    ).toEqual({ address: 'kyc.errors.addressInvalid' });
  });

  it("names only the fields the level's form shows (advanced shows the basic identity read only)", () => {
    expect(errorsFromServer([{ field: 'name', reason: 'mismatch' }], msg, 'advanced')).toEqual({});
    expect(errorsFromServer([{ field: 'frontImage', reason: 'invalid' }], msg, 'basic')).toEqual({});
    expect(errorsFromServer([{ field: 'other', reason: 'invalid' }], msg, 'basic')).toEqual({});
    expect(errorsFromServer([{ field: 'constructor', reason: 'invalid' }], msg, 'basic')).toEqual({});
  });

  it('says a refusal once: under the fields when they show all of it, else as a toast', () => {
    expect(sayRefusal({ fields: [{ field: 'backImage', reason: 'duplicate' }], msg }, 'advanced')).toEqual({
      inline: { backImage: 'kyc.errors.backSame' },
      toast: null,
    });
    expect(
      sayRefusal(
        {
          fields: [
            { field: 'address', reason: 'invalid' },
            { field: 'city', reason: 'tooLong' },
          ],
          msg,
        },
        'advanced',
      ),
    ).toEqual({ inline: { address: 'kyc.errors.addressInvalid', city: 'kyc.errors.cityLength' }, toast: null });
    // Under review, already verified, the session, the network: no field.
    expect(sayRefusal({ fields: [], msg }, 'basic')).toEqual({ inline: {}, toast: msg });
    // A field the form does not show (the whole body, an advanced form's identity): the toast says it.
    expect(sayRefusal({ fields: [{ field: 'body', reason: 'invalid' }], msg }, 'basic')).toEqual({
      inline: {},
      toast: msg,
    });
    expect(
      sayRefusal(
        {
          fields: [
            { field: 'idNumber', reason: 'mismatch' },
            { field: 'city', reason: 'required' },
          ],
          msg,
        },
        'advanced',
      ),
    ).toEqual({ inline: { city: 'kyc.errors.city' }, toast: msg });
  });

  it("shows a prompt as its translation, or the server's sentence as it came", () => {
    const t = (key: string) => `<${key}>`;
    expect(promptText('kyc.errors.backSame', t)).toBe('<kyc.errors.backSame>');
    expect(promptText({ said: msg }, t)).toBe(msg);
    expect(promptText(undefined, t)).toBeNull();
  });

  it('lets a level be submitted when unverified or rejected only', () => {
    expect(canSubmit({ status: 'unverified' })).toBe(true);
    expect(canSubmit({ status: 'rejected' })).toBe(true);
    expect(canSubmit({ status: 'review' })).toBe(false);
    expect(canSubmit({ status: 'verified' })).toBe(false);
  });
});
